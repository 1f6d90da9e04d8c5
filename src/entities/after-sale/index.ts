// The after-sale entity's public surface: what other folders use of it (the rest of the folder is its own).
export { afterSales } from './table';
export { AFTER_SALE, AFTER_SALE_TYPE } from './resource';
