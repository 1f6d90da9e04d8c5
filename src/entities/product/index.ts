// The product entity's public surface: what other folders use of it (the rest of the folder is its own).
export { mallProducts } from './table';
export { LOW_STOCK } from './resource';
