import type { ReactNode } from 'react';
import type { ActionRule } from './cells';

export type Row = Record<string, unknown>;

type ColumnType =
  | 'text'
  | 'select'
  | 'number'
  | 'radio'
  | 'date'
  | 'deviceName'
  | 'addimg'
  | 'img'
  | 'but'
  | 'check'
  | 'check1'
  | 'check2'
  | 'check3'
  | 'check4'
  | 'check5'
  | 'splitTime'
  | 'click';

/** An action button of a 'but' column (docs/requirements/widgets.md#data-table): `function` names the handler. */
export interface ActionButton {
  title: string;
  color?: string;
  function: string;
  /** When the button shows; absent = always. */
  filter?: ActionRule;
  /** Hides the button when its filter matches instead of showing it. */
  ishide?: boolean;
}

/** Table column definition of docs/requirements/widgets.md#data-table. */
export interface Column<R extends object = Row> {
  id: string;
  /** Property of the row the cell shows. */
  name: string;
  title: ReactNode;
  /** Pixels; 100 when absent (docs/requirements/widgets.md#data-table). */
  width?: number;
  fixed?: 'left' | 'right';
  type?: ColumnType;
  data?: ActionButton[];
  /** Labels of a 'select' column. */
  options?: { value: unknown; label: string }[];
  sortable?: boolean;
  /** Overrides the type's cell. */
  render?: (row: R) => ReactNode;
  /** What a client-side sort compares (DataTableProps.client); the row's `name` property when absent. */
  sortValue?: (row: R) => string | number | null | undefined;
  /** The cell's text may wrap onto several lines (a payload, a message) instead of ending with an ellipsis. */
  wrap?: boolean;
  /** Aligns header and cells, 'end' for figures. */
  align?: 'start' | 'end';
}

/** A table's sort: one column, ascending or descending. */
export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

export const DEFAULT_COLUMN_WIDTH = 100;
export const HEADER_HEIGHT = 60;
export const CHECK_COLUMN_WIDTH = 44;
