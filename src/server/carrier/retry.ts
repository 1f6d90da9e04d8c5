import { CarrierError } from './types';

export interface RetryOptions {
  /** Tries in all (default 4). */
  attempts?: number;
  /** First back-off in ms, doubled each time (default 200). */
  backoffMs?: number;
  /** Told about each transient failure before the next try. */
  onRetry?: (err: CarrierError, attempt: number) => void;
}

/**
 * Runs a carrier call, trying again after a transient CarrierError (with exponential back-off);
 * a final error or the last transient one is thrown.
 */
export async function withRetry<T>(call: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, opts.attempts ?? 4);
  const backoff = opts.backoffMs ?? 200;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof CarrierError) || !err.transient || attempt >= attempts) throw err;
      opts.onRetry?.(err, attempt);
      if (backoff > 0) await new Promise((resolve) => setTimeout(resolve, backoff * 2 ** (attempt - 1)));
    }
  }
}
