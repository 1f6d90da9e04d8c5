/** The rows of a raw `db.execute`: postgres.js answers an array of rows, PGlite an object holding them. */
export function rowsOf<T>(res: unknown): T[] {
  return Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []);
}
