import type { PhoneFix, PhoneSos } from '../../../shared/patrol';
import { request, RequestError } from '../../lib/request';
import type { SendResult } from './outbox';

/** A send's failure as the outbox reads it (outbox.ts, SendResult). */
function resultOf(err: unknown): SendResult {
  if (!(err instanceof RequestError)) return 'failed';
  if (err.kind === 'network' || err.kind === 'timeout') return 'offline';
  // 503: the service cannot store now (notReady): like a network away, it comes back.
  if (err.status === 503 || Number(err.code) === 503) return 'offline';
  if (err.kind === 'http' && (err.status ?? 0) >= 500) return 'failed';
  return 'refused';
}

const quiet = { quiet: true, background: true, timeoutMs: 20_000 } as const;

export async function sendFixes(fixes: PhoneFix[]): Promise<SendResult> {
  try {
    await request('phone', 'positions', { fixes }, quiet);
    return 'sent';
  } catch (err) {
    return resultOf(err);
  }
}

export async function sendSos(sos: PhoneSos): Promise<SendResult> {
  try {
    await request('phone', 'sos', sos, quiet);
    return 'sent';
  } catch (err) {
    return resultOf(err);
  }
}
