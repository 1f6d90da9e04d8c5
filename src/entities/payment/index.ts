// The payment entity's public surface: what other folders use of it (the rest of the folder is its own).
export { paySandboxOrders, payments } from './table';
