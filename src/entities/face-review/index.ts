// The face-review entity's public surface: what other folders use of it (the rest of the folder is its own).
export { FACE_REVIEW } from './resource';
export { faceReviews } from './table';
