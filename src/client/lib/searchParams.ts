/**
 * Query strings as plain text. The router's default JSON-ish parsing would turn an IMEI, a
 * phone number or a 20-digit ICCID into a (lossy) number and quote it on the way back; the
 * required links of docs/requirements/screens-and-routes.md (/ProDeviceList?imei=..&key=.., /callPhone?caller=..) are
 * plain strings. Screens read them with their search rules (searchRules below). Objects and arrays travel as JSON.
 */
export function parseSearch(search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    out[name] = value.startsWith('{') || value.startsWith('[') ? tryJson(value) : value;
  }
  return out;
}

function tryJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function stringifySearch(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    query.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * What a screen reads from its query string. Each rule returns the value, or undefined when it is
 * absent or wrong, so a bad link opens the screen without that value instead of an error page.
 * Plain functions rather than a schema library: every route's search rules load with the first
 * page, and zod (even zod/mini) added 16 KB gzip to it (docs/performance.md#first-load).
 */
type SearchRule<T> = (value: unknown) => T | undefined;

/** Text, trimmed when asked, at most `max` characters and matching `pattern` when given. */
export function text(opts: { max?: number; pattern?: RegExp; trim?: boolean } = {}): SearchRule<string> {
  return (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const s = opts.trim ? String(value).trim() : String(value);
    if (opts.max !== undefined && s.length > opts.max) return undefined;
    return opts.pattern && !opts.pattern.test(s) ? undefined : s;
  };
}

/** A whole number within [min, max], from its text. */
export function integer(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): SearchRule<number> {
  return (value) => {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };
}

/** One of the listed words. */
export function oneOf<T extends string>(values: readonly T[]): SearchRule<T> {
  return (value) => (values.includes(value as T) ? (value as T) : undefined);
}

/** An object (filters travel as JSON). */
export const object: SearchRule<Record<string, unknown>> = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

type SearchOf<S extends Record<string, SearchRule<unknown>>> = {
  [K in keyof S]?: NonNullable<ReturnType<S[K]>>;
};

/** A route's validateSearch: the named values that pass their rule; anything else is dropped. */
export function searchRules<S extends Record<string, SearchRule<unknown>>>(
  rules: S,
): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const out: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(rules)) {
      const value = rule(search[name]);
      if (value !== undefined) out[name] = value;
    }
    return out as SearchOf<S>;
  };
}
