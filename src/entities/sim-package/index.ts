// The sim-package entity's public surface: what other folders use of it (the rest of the folder is its own).
export { CARD_TYPE, PACKAGE_TYPE } from './resource';
export { simPackages } from './table';
