// The product-review entity's public surface: what other folders use of it (the rest of the folder is its own).
export { REVIEW_STATE } from './resource';
export { productReviews } from './table';
