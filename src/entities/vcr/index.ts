// The vcr entity's public surface: what other folders use of it (the rest of the folder is its own).
export { posterFor } from './poster';
export { saveRecording } from './store';
export { videoRecords } from './table';
