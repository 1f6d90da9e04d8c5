import { Code } from '../../../shared/api';
import { URL_PASSWORD_MASK } from '../../auth/log-redact';
import { fail } from '../../lib/api-error';

// A forward target's URL (src/entities/forward-target): stored with its password masked, the
// password kept apart; the transports connect with the two joined again.

/**
 * The URL as stored (password masked) and the password apart. A password equal to the mask is
 * the form sending back what it was shown: the stored secret stays.
 */
export function splitUrl(raw: string): { url: string; secret: string | null | undefined } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return fail(Code.BAD_REQUEST, 'forwardUrlInvalid');
  }
  if (!u.hostname) fail(Code.BAD_REQUEST, 'forwardUrlInvalid');
  if (!u.password) return { url: raw, secret: null };
  if (u.password === URL_PASSWORD_MASK) return { url: raw, secret: undefined };
  const secret = decodeURIComponent(u.password);
  u.password = URL_PASSWORD_MASK;
  return { url: u.toString(), secret };
}

/** The stored URL with its password put back: what the transports connect with. */
export function joinUrl(url: string, secret: string | null): string {
  if (!secret) return url;
  const u = new URL(url);
  u.password = secret;
  return u.toString();
}
