/**
 * One CSV cell (RFC 4180 quoting). Spreadsheet apps run text cells starting with = + - @ or a tab
 * as formulas; a leading quote defuses them. Numbers and booleans are written as they are.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
