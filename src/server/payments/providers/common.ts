import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * What the real providers share: key material from the environment, exact fen <-> decimal string
 * conversion, and HTTP with a time limit.
 */

/** A provider setting that cannot work; its message is one line naming the variable, never its value. */
export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

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

const PEM = /-----BEGIN [A-Z0-9 ]+-----/;

/**
 * Key text from a variable: PEM (literal "\n" allowed, for one-line .env files), a file path
 * holding PEM, or bare base64 DER (how Alipay's key tool hands keys out).
 */
function keyText(name: string, value: string): { pem?: string; der?: Buffer } {
  const v = value.trim();
  if (PEM.test(v)) return { pem: v.replace(/\\n/g, '\n') };
  if (/^[A-Za-z0-9+/=\s]{64,}$/.test(v) && !existsSync(v)) return { der: Buffer.from(v.replace(/\s+/g, ''), 'base64') };
  let text: string;
  try {
    text = readFileSync(v, 'utf8');
  } catch {
    throw new PaymentConfigError(`Invalid ${name}: expected PEM text, base64 key or the path of a readable PEM file`);
  }
  if (!PEM.test(text)) throw new PaymentConfigError(`Invalid ${name}: the file ${v} holds no PEM block`);
  return { pem: text };
}

/** An RSA private key (PKCS#8 or PKCS#1) of at least 2048 bits. */
export function rsaPrivateKey(name: string, value: string): KeyObject {
  const { pem, der } = keyText(name, value);
  let key: KeyObject | undefined;
  try {
    if (pem) key = createPrivateKey(pem);
    else {
      for (const type of ['pkcs8', 'pkcs1'] as const) {
        try {
          key = createPrivateKey({ key: der!, format: 'der', type });
          break;
        } catch {
          // the other encoding
        }
      }
    }
  } catch {
    key = undefined;
  }
  if (!key) throw new PaymentConfigError(`Invalid ${name}: not a readable private key`);
  return checkedRsa(name, key);
}

/** An RSA public key, from a public key (SPKI / PKCS#1) or an X.509 certificate; with the certificate's serial. */
export function rsaPublicKey(name: string, value: string): { key: KeyObject; certSerial?: string } {
  const { pem, der } = keyText(name, value);
  try {
    if (pem && /-----BEGIN CERTIFICATE-----/.test(pem)) {
      const cert = new X509Certificate(pem);
      return { key: checkedRsa(name, cert.publicKey), certSerial: cert.serialNumber.toUpperCase() };
    }
    const key = pem ? createPublicKey(pem) : createPublicKey({ key: der!, format: 'der', type: 'spki' });
    return { key: checkedRsa(name, key) };
  } catch (err) {
    if (err instanceof PaymentConfigError) throw err;
    throw new PaymentConfigError(`Invalid ${name}: not a readable public key or certificate`);
  }
}

function checkedRsa(name: string, key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'rsa')
    throw new PaymentConfigError(
      `Invalid ${name}: expected an RSA key, got ${key.asymmetricKeyType ?? 'another kind'}`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048)
    throw new PaymentConfigError(`Invalid ${name}: expected an RSA key of at least 2048 bits, got ${bits}`);
  return key;
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
