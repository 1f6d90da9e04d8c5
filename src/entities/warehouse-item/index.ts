// The warehouse-item entity's public surface: what other folders use of it (the rest of the folder is its own).
export { WAREHOUSE_MOVE } from './resource';
export type { WarehouseMove } from './resource';
export { warehouseItems, warehouseMovements } from './table';
