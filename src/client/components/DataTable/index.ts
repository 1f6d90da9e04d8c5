export { DataTable, type DataTableProps, type SortState } from './DataTable';
export { ConfirmHost, confirmDanger, type ConfirmRequest } from './confirm';
export { requireSelection, nothingSelectedText } from './bulk';
export { formatDateCell, splitTimeCell, isActionVisible, DANGER_ACTIONS, DATE_FORMAT, type ActionRule } from './cells';
export { stickyStyles, widthOf } from './sticky';
export * from './types';
