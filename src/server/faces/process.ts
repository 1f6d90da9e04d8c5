import sharp from 'sharp';
import { Code } from '../../shared/api';
import { ApiError, fail } from '../lib/api-error';
import { faceEngine, type DetectedFace, type Rgb } from './engine';

/**
 * Face processing (docs/decisions.md "Faces"): one picture in, one described face out, or the
 * reason it cannot be used. The measures:
 *
 * - exactly one face: faces the detector is at least 50 % sure of; none is `faceNotFound`,
 *   more than one `faceSeveral`;
 * - size: the face's box must be at least `MIN_FACE_PX` wide and high in the analysed picture
 *   (pictures are scaled to at most `MAX_SIDE` first), else `faceTooSmall`;
 * - quality, 0..1: the lower of the face-mesh model's face score (is this a face seen well
 *   enough) and the sharpness (the variance of the Laplacian of the face, grey, scaled to
 *   112 x 112, divided by `SHARP_REF` and capped at 1). Under the library's quality threshold it
 *   is `faceTooBlurry` when sharpness is the lower of the two, `faceLowQuality` otherwise;
 * - the embedding: the 1024 numbers of human's `faceres` descriptor, compared by cosine
 *   similarity (`similarity`).
 */

/** Longest side of the analysed picture; a larger upload is scaled down first. */
export const MAX_SIDE = 1280;
/** Smallest face box side, in pixels of the analysed picture. */
export const MIN_FACE_PX = 64;
/** Laplacian variance at which a face counts as fully sharp (a sharp 112-px face is 300-1500). */
export const SHARP_REF = 200;
/** Largest picture decoded at all (pixels): a small file can still claim gigapixels. */
const MAX_PIXELS = 50_000_000;

export interface FaceAnalysis {
  embedding: number[];
  /** min(faceScore, sharpness), 0..1, two decimals. */
  quality: number;
  faceScore: number;
  sharpness: number;
  box: [number, number, number, number];
  /** Size of the analysed picture. */
  width: number;
  height: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The picture, upright, scaled to fit MAX_SIDE, as RGB; a file that is not a picture is `fileFormat`. */
export async function decodePicture(bytes: Buffer): Promise<Rgb> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return fail(Code.BAD_REQUEST, 'fileFormat');
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    return fail(Code.BAD_REQUEST, /pixel limit/i.test(String((err as Error).message)) ? 'fileTooLarge' : 'fileFormat');
  }
}

/** Variance of the Laplacian of the face's box (grey, 112 x 112): low for a blurred face. */
export async function sharpnessOf(image: Rgb, box: DetectedFace['box']): Promise<number> {
  const left = Math.max(0, Math.floor(box[0]));
  const top = Math.max(0, Math.floor(box[1]));
  const width = Math.max(1, Math.min(image.width - left, Math.round(box[2])));
  const height = Math.max(1, Math.min(image.height - top, Math.round(box[3])));
  const grey = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .extract({ left, top, width, height })
    .greyscale()
    .resize(112, 112, { fit: 'fill' })
    .raw()
    .toBuffer();
  // 4-neighbour Laplacian over the inner pixels.
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < 111; y++) {
    for (let x = 1; x < 111; x++) {
      const i = y * 112 + x;
      const v = grey[i - 1]! + grey[i + 1]! + grey[i - 112]! + grey[i + 112]! - 4 * grey[i]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/**
 * The one face of a picture, checked and described, or an ApiError with the reason
 * (fileFormat, fileTooLarge, faceNotFound, faceSeveral, faceTooSmall, faceTooBlurry,
 * faceLowQuality, faceEngineUnavailable). `qualityThreshold` is the library's, 0..1.
 */
export async function analyseFace(bytes: Buffer, qualityThreshold: number): Promise<FaceAnalysis> {
  const image = await decodePicture(bytes);
  let faces: DetectedFace[];
  try {
    faces = await (await faceEngine()).detect(image);
  } catch {
    return fail(Code.INTERNAL, 'faceEngineUnavailable');
  }
  if (faces.length === 0) return fail(Code.BAD_REQUEST, 'faceNotFound');
  if (faces.length > 1) return fail(Code.BAD_REQUEST, 'faceSeveral');
  const face = faces[0]!;
  if (Math.min(face.box[2], face.box[3]) < MIN_FACE_PX) return fail(Code.BAD_REQUEST, 'faceTooSmall');
  const sharpness = round2(Math.min(1, (await sharpnessOf(image, face.box)) / SHARP_REF));
  const faceScore = round2(face.faceScore);
  const quality = Math.min(faceScore, sharpness);
  if (quality < qualityThreshold)
    return fail(Code.BAD_REQUEST, sharpness <= faceScore ? 'faceTooBlurry' : 'faceLowQuality');
  if (!face.embedding) return fail(Code.BAD_REQUEST, 'faceLowQuality');
  return {
    embedding: face.embedding,
    quality,
    faceScore,
    sharpness,
    box: face.box,
    width: image.width,
    height: image.height,
  };
}

/** Cosine similarity of two embeddings, -1..1 (faceres descriptors of one person: about 0.8 and up). */
export function similarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
