// The photo entity's public surface: what other folders use of it (the rest of the folder is its own).
export { storedName, thumbnailFor } from './thumbnail';
export { photos } from './table';
