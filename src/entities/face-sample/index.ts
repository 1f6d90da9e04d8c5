// The face-sample entity's public surface: what other folders use of it (the rest of the folder is its own).
export { personOf } from './resource';
export { default as faceSampleEntity } from './server';
export { faceSamples } from './table';
