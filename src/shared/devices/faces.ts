/**
 * Faces over the device protocol (docs/device-protocol.md#faces): the `faceLibrary` command that
 * tells a door unit to fetch a library, and the verification endpoint's answer. Shared by the
 * service, the simulator and protocol.ts.
 */
import { z } from 'zod';

/** Largest picture a door unit sends to be verified (bytes). */
export const FACE_PROBE_MAX = 2 * 1024 * 1024;

/**
 * `faceLibrary`: a library to (re)load. The payload stays small whatever the library's size: the
 * unit fetches `url` (GET, its Basic credentials) for the samples' ids, labels and embeddings,
 * replaces what it had for `libraryId` once `version` is newer, and acknowledges.
 */
export const faceLibraryParams = z
  .object({
    libraryId: z.number().int().positive(),
    name: z.string().min(1).max(50),
    /** Samples in the library when it was sent. */
    count: z.number().int().nonnegative(),
    /** Cosine similarity a face must reach to match a sample (the library's inter-class threshold). */
    threshold: z.number().min(0).max(1),
    /** Milliseconds since the epoch of the push: newer replaces older. */
    version: z.number().int().nonnegative(),
    /** Path under the service (`/api/device/faceDistribution/library/<id>`). */
    url: z.string().min(1).max(300),
  })
  .strict();
export type FaceLibraryParams = z.infer<typeof faceLibraryParams>;

/** The best match of `POST /api/device/faceDistribution/verify`. */
interface FaceMatch {
  sampleId: number;
  labels: string;
  /** The person: the sample's first label. */
  person: string;
  libraryId: number;
  libraryName: string;
  /** Cosine similarity, 0..1 (negative values read 0). */
  score: number;
}

export interface FaceVerifyAnswer {
  /** Null when the unit's libraries hold no sample. */
  match: FaceMatch | null;
  /** The match reaches its library's threshold: open. */
  passed: boolean;
  threshold: number | null;
  /** The probe's quality (src/server/faces/process.ts). */
  quality: number;
}

/** One sample of the library download a door unit fetches. */
export interface FaceLibraryDownload {
  id: number;
  name: string;
  threshold: number;
  samples: { id: number; labels: string; embedding: number[] }[];
}
