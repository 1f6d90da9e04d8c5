import type { FieldDef } from './resources/types';

/**
 * Personal data shown to people who may not see it in full (docs/permissions.md "Masking"): the
 * visitor always, and users whose roles lack the screen that lists those people.
 */
export function maskPhone(v: string): string {
  const s = v.trim();
  return s.length >= 7 ? `${s.slice(0, 3)}****${s.slice(-4)}` : '****';
}

export function maskEmail(v: string): string {
  const at = v.indexOf('@');
  return at > 0 ? `${v[0]}***${v.slice(at)}` : '***';
}

export function maskIdNumber(v: string): string {
  return v.length > 8 ? `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}` : '****';
}

/** An address keeps its first six characters; a birth date its year. */
function maskAddress(v: string): string {
  return v.length > 6 ? `${v.slice(0, 6)}****` : '****';
}

function maskDate(v: string): string {
  return /^\d{4}/.test(v) ? `${v.slice(0, 4)}-**-**` : '****';
}

/**
 * `special`: special-category personal data (an offence, a health condition) that someone who may
 * not see it in full sees nothing of, not even in part, and may not filter or sort by.
 */
type PersonalKind = 'phone' | 'email' | 'id' | 'address' | 'date' | 'special';

/** Which kind of personal datum a registry field holds, if any (a field's `personal` says so explicitly). */
export function personalKind(
  f: Pick<FieldDef, 'name' | 'type'> & { personal?: PersonalKind },
): PersonalKind | undefined {
  if (f.personal) return f.personal;
  if (f.type === 'phone' || /phone$/i.test(f.name)) return 'phone';
  if (f.type === 'email' || /email$/i.test(f.name)) return 'email';
  if (/idcard|idnumber|identity/i.test(f.name)) return 'id';
  return undefined;
}

const MASKS: Record<Exclude<PersonalKind, 'special'>, (v: string) => string> = {
  phone: maskPhone,
  email: maskEmail,
  id: maskIdNumber,
  address: maskAddress,
  date: maskDate,
};

/** Fields of `fields` a masked caller may neither filter nor sort by. */
export function specialFields(
  fields: readonly (Pick<FieldDef, 'name' | 'type'> & { personal?: PersonalKind })[],
): Set<string> {
  return new Set(fields.filter((f) => f.personal === 'special').map((f) => f.name));
}

/** A copy of `row` with the personal fields of `fields` masked. */
export function maskRow<T extends Record<string, unknown>>(
  fields: readonly (Pick<FieldDef, 'name' | 'type'> & { personal?: PersonalKind })[],
  row: T,
): T {
  const out: Record<string, unknown> = { ...row };
  for (const f of fields) {
    const kind = personalKind(f);
    const v = out[f.name];
    if (kind === 'special') {
      if (f.name in out) out[f.name] = null;
    } else if (kind && typeof v === 'string' && v) out[f.name] = MASKS[kind](v);
  }
  return out as T;
}
