// The resident entity's public surface: what other folders use of it (the rest of the folder is its own).
export { BINDING, BOUND_STATES, RESIDENT_ROLE } from './resource';
export { facePicture } from './faces';
export { residents } from './table';
