/**
 * What the real providers share: exact fen <-> decimal string conversion and HTTP with a time
 * limit (their key material from the environment: src/server/lib/payment-keys.ts).
 */

/** What the payment service asks a provider to give back. */
export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason?: string;
  providerRef?: string;
}

/** A provider's HTTP API answered with an error (or not at all in time). */
export class ProviderHttpError extends Error {
  override name = 'ProviderHttpError';
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** 1234 -> "12.34", exactly (integer arithmetic; the providers' decimal amount strings). */
export function decimalOfFen(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0)
    throw new RangeError(`amount must be a non-negative whole number of fen, got ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "12.34" / "12.3" / "12" -> 1234, exactly; undefined for anything else. */
export function fenOfDecimal(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Time limit of one call to a provider's API. */
export const PROVIDER_TIMEOUT_MS = 10_000;

interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** `fetch` with a time limit; network failures and timeouts become ProviderHttpError. */
export async function request(
  url: string,
  init: RequestInit,
  what: string,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const reason =
      (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (err as Error).message;
    throw new ProviderHttpError(`${what}: ${reason}`);
  }
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export function parseJson(text: string, what: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // below
  }
  throw new ProviderHttpError(`${what}: the answer is not a JSON object`);
}

/** A header's one value (Node gives arrays for repeated ones), case-insensitively. */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === lower) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/** Plain object access for provider JSON without `any`. */
export function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function dateOf(v: unknown): Date | undefined {
  if (typeof v !== 'string' || !v) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
