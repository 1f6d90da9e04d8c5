// The advertisement entity's public surface: what other folders use of it (the rest of the folder is its own).
export { describeAdVideo } from './video';
export { adDeliveries, adPlays } from './table';
