/**
 * Faces, the domain service behind face libraries, samples, reviews and their distribution to
 * door units: picture analysis (process.ts, on the face engine), the libraries' cache for
 * matching, and the demo faces. This file is its public surface; nothing outside
 * src/server/faces imports its other modules.
 */
export { demoEmbeddings } from './demo';
export { faceLibraryCache } from './library-cache';
export { analyseFace, similarity } from './process';
export { prepareSample } from './samples';
export { seedFaces } from './seed';
