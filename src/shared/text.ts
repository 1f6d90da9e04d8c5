/**
 * Text PostgreSQL cannot store: NUL, and a UTF-16 surrogate without its pair (JSON can carry
 * both as \u escapes). Every edge refuses such text with `textInvalid` rather than let the
 * database refuse the row (docs/security.md).
 */
const BAD_TEXT_RE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isBadText(s: string): boolean {
  return BAD_TEXT_RE.test(s);
}

/** The path (`a.b[2]`) of the first bad text in a parsed JSON value, keys included, or undefined. */
export function findBadText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isBadText(value) ? path || 'value' : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadText(value[i], `${path}[${i}]`, depth + 1);
      if (bad) return bad;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (isBadText(k)) return at;
    const bad = findBadText(v, at, depth + 1);
    if (bad) return bad;
  }
  return undefined;
}
