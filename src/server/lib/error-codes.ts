/**
 * The `code`s along an error's cause chain: drivers put the SQLSTATE or a socket code on the
 * error they throw, and Drizzle wraps it in its own (the codes of docs/decisions.md "One bad message").
 */
export function errorCodes(err: unknown): string[] {
  const out: string[] = [];
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string') out.push(e.code);
  }
  return out;
}
