import { fileTypeFromBuffer } from 'file-type';
import type { MediaExt, MediaKind } from '../storage/media-types';

/** Images by their first bytes (the floor pictures' check since the start). */
const IMAGE_MAGIC: [MediaExt, (b: Buffer) => boolean][] = [
  ['png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['jpg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

/** Video containers are read by file-type, which walks the ISO-BMFF and EBML headers. */
const VIDEO_BY_MIME: Record<string, MediaExt> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** Audio (pubMusic pushes, device voice clips), also read by file-type. */
const AUDIO_BY_MIME: Record<string, MediaExt> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/aac': 'aac',
};

/**
 * What the bytes are, when it is media of `kind`: judged by the content alone, never by the file
 * name or the type the client declared.
 */
export async function sniff(bytes: Buffer, kind: MediaKind): Promise<MediaExt | undefined> {
  if (kind === 'image') return IMAGE_MAGIC.find(([, magic]) => magic(bytes))?.[0];
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const table = kind === 'audio' ? AUDIO_BY_MIME : VIDEO_BY_MIME;
  return found && Object.hasOwn(table, found.mime) ? table[found.mime] : undefined;
}
