import type { ReactNode } from 'react';
import { isActionVisible, type ActionRule } from './cells';
import type { ActionButton, Column, Row, SortState } from './types';

export interface DataTableProps<R extends object> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey?: (row: R) => string | number;
  /** Shows the multi-select column. */
  selectable?: boolean;
  selected?: readonly (string | number)[];
  onSelectedChange?: (keys: (string | number)[]) => void;
  /** The select-all checkbox's label and test id and a row checkbox's label (全选 and 选择 when absent). */
  selectLabels?: { all?: string; allTestId?: string; row?: (row: R) => string };
  sort?: SortState;
  onSortChange?: (sort: SortState | undefined) => void;
  /** Runs an action button's `function`; delete/unbind/recycle/close are confirmed first. */
  onAction?: (fn: string, row: R) => void;
  /** A 'click' cell was clicked. */
  onCellClick?: (column: Column<R>, row: R) => void;
  loading?: boolean;
  empty?: ReactNode;
  /** Per row: a click on the whole row (a row that selects something), a highlight, data attributes. */
  rowOptions?: (row: R) => RowOptions;
  /**
   * The rows are all loaded: sortable columns sort in the browser (unless `onSortChange` takes the sort), and with a
   * `pageSize` the table pages them itself, its pagination below.
   */
  client?: ClientMode;
  /** Smaller text and rows for a table inside a card, drawer or panel; the header is not held at HEADER_HEIGHT. */
  compact?: boolean;
  /** Rows scroll under a sticky header beyond this height (pixels). */
  maxHeight?: number;
  /** The table's data-testid ('data-table' when absent). */
  testId?: string;
}

interface ClientMode {
  pageSize?: number;
  /** Page sizes offered (the pagination's defaults when absent). */
  sizes?: readonly number[];
}

interface RowOptions {
  onClick?: () => void;
  active?: boolean;
  /** The row's text colour (a refused or suspicious entry, say). */
  color?: string;
  attrs?: Record<`data-${string}`, string | undefined>;
}

/** The props a row's options give its table row or phone card. */
export function rowPropsOf(options: RowOptions | undefined) {
  if (!options) return {};
  return {
    ...options.attrs,
    onClick: options.onClick,
    'data-active': options.active ? 'true' : undefined,
    style: options.onClick ? { cursor: 'pointer' } : undefined,
    bg: options.active ? 'var(--mantine-color-blue-light)' : undefined,
    c: options.color,
  };
}

/** Text of a cell for its tooltip, when the cell is plain text. */
export const textOf = (content: ReactNode): string | undefined =>
  typeof content === 'string' ? content || undefined : typeof content === 'number' ? String(content) : undefined;

export function buttonVisible(button: ActionButton, row: Row): boolean {
  if (!button.filter) return true;
  const match = isActionVisible(button.filter as ActionRule, row);
  return button.ishide ? !match : match;
}
