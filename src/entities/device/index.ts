// The device entity's public surface: what other folders use of it (the rest of the folder is its own).
export { default as deviceResource } from './resource';
export { default as deviceServer } from './server';
