import type { CSSProperties } from 'react';
import { CHECK_COLUMN_WIDTH, DEFAULT_COLUMN_WIDTH, type Column } from './types';

export const widthOf = (column: Pick<Column, 'width'>): number => column.width ?? DEFAULT_COLUMN_WIDTH;

/**
 * Sticky offsets of fixed columns, with logical insets so right-to-left layouts pin to the
 * other side. The selection column (when shown) is pinned at the start with the left group.
 */
export function stickyStyles<R extends object>(
  columns: readonly Column<R>[],
  withCheck: boolean,
): (CSSProperties | undefined)[] {
  const styles: (CSSProperties | undefined)[] = columns.map(() => undefined);
  let start = withCheck ? CHECK_COLUMN_WIDTH : 0;
  columns.forEach((column, i) => {
    if (column.fixed !== 'left') return;
    styles[i] = { position: 'sticky', insetInlineStart: start, zIndex: 2 };
    start += widthOf(column);
  });
  let end = 0;
  for (let i = columns.length - 1; i >= 0; i--) {
    const column = columns[i]!;
    if (column.fixed !== 'right') continue;
    styles[i] = { position: 'sticky', insetInlineEnd: end, zIndex: 2 };
    end += widthOf(column);
  }
  return styles;
}

/**
 * The inner edges of the pinned groups: the last left-fixed column and the first right-fixed one (indexes into
 * `columns`), where the shadow over scrolled content is drawn.
 */
export function pinnedEdges(columns: readonly Pick<Column, 'fixed'>[]): { start?: number; end?: number } {
  let start: number | undefined;
  let end: number | undefined;
  columns.forEach((column, i) => {
    if (column.fixed === 'left') start = i;
    if (column.fixed === 'right' && end === undefined) end = i;
  });
  return { start, end };
}
