// The camera entity's public surface: what other folders use of it (the rest of the folder is its own).
export { CAMERA_ROUTES } from './resource';
export { cameras } from './table';
