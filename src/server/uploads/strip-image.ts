import sharp, { type FormatEnum } from 'sharp';
import { Code } from '../../shared/api';
import { fail } from '../lib/api-error';
import type { MediaExt } from '../storage/media-types';

/** A 5 MB file can still decode to gigabytes; 50 megapixels (all frames together) is plenty for a photo. */
const MAX_PIXELS = 50_000_000;
const FORMAT: Partial<Record<MediaExt, keyof FormatEnum>> = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' };

/**
 * The image decoded and encoded again in its own format: EXIF (GPS, camera), XMP, IPTC and
 * comments are gone, and so is anything appended to or hidden inside the file. The orientation
 * EXIF asked for is applied first, so the picture still stands the right way up.
 */
export async function stripImage(bytes: Buffer, ext: MediaExt): Promise<Buffer> {
  const format = FORMAT[ext];
  if (!format) return fail(Code.BAD_REQUEST, 'fileFormat');
  try {
    return await sharp(bytes, { animated: true, limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .toFormat(format)
      .toBuffer();
  } catch (err) {
    return fail(Code.BAD_REQUEST, /pixel limit/i.test(String((err as Error).message)) ? 'fileTooLarge' : 'fileFormat');
  }
}
