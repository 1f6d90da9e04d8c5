export {
  DataTable,
  CARD_FIELDS,
  type ClientMode,
  type DataTableProps,
  type RowOptions,
  type SortState,
} from './DataTable';
export { sortRows, pageRows } from './clientRows';
export { ConfirmHost, confirmDanger, type ConfirmRequest } from './confirm';
export { requireSelection, nothingSelectedText } from './bulk';
export { formatDateCell, splitTimeCell, isActionVisible, DANGER_ACTIONS, DATE_FORMAT, type ActionRule } from './cells';
export { pinnedEdges, stickyStyles, widthOf } from './sticky';
export { useContainerWidth, usePhone, PHONE_QUERY } from './layout';
export { RowActions, actionColumnWidth, INLINE_ACTIONS } from './RowActions';
export * from './types';
export { ColumnSettings } from './ColumnSettings';
export {
  useColumnChoice,
  hiddenColumns,
  readChoice,
  toggled,
  type ColumnChoice,
  type StoredChoice,
} from './columnChoice';
