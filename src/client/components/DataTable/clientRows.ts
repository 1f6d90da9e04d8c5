import type { Column, Row, SortState } from './types';

const collator = new Intl.Collator(undefined, { numeric: true });

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * Rows already loaded, sorted in the browser by the sort column's `sortValue` (or the row's `name` property). Blank
 * values go last in both orders; equal values keep their order.
 */
export function sortRows<R extends object>(
  rows: readonly R[],
  columns: readonly Column<R>[],
  sort: SortState | undefined,
): readonly R[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.name === sort.field);
  if (!column) return rows;
  const value = (row: R) => (column.sortValue ? column.sortValue(row) : (row as Row)[column.name]);
  const sign = sort.order === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((x, y) => {
      const blankX = x.v === null || x.v === undefined || x.v === '';
      const blankY = y.v === null || y.v === undefined || y.v === '';
      if (blankX || blankY) return blankX === blankY ? x.i - y.i : blankX ? 1 : -1;
      return sign * compare(x.v, y.v) || x.i - y.i;
    })
    .map((x) => x.row);
}

/** The rows of one page (1-based), the page clamped to the last one. */
export function pageRows<R>(rows: readonly R[], page: number, size: number): { rows: readonly R[]; page: number } {
  const last = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), last);
  return { rows: rows.slice((current - 1) * size, current * size), page: current };
}
