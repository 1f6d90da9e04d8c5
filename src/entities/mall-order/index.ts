// The mall-order entity's public surface: what other folders use of it (the rest of the folder is its own).
export { mallOrderItems, mallOrders } from './table';
export { MALL_ORDER } from './resource';
export { refundOrder, restock } from './orders';
