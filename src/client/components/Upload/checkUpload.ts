import { UPLOAD_AUDIO_MAX, UPLOAD_FILE_MAX, UPLOAD_IMAGE_MAX, UPLOAD_VIDEO_MAX } from '../../../shared/constants';
import type { MsgKey } from '../../../shared/messages';

export type UploadKind = 'image' | 'file' | 'video' | 'audio';

/** MIME types and extensions each kind accepts; the extension covers browsers that leave `type` empty. */
const UPLOAD_ACCEPT: Record<UploadKind, { mime: readonly string[]; ext: readonly string[] }> = {
  image: { mime: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], ext: ['jpg', 'jpeg', 'png', 'gif', 'webp'] },
  video: { mime: ['video/mp4', 'video/webm'], ext: ['mp4', 'webm'] },
  audio: {
    mime: [
      'audio/mpeg',
      'audio/mp3',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
      'audio/ogg',
      'audio/aac',
      'audio/x-aac',
    ],
    ext: ['mp3', 'wav', 'ogg', 'aac'],
  },
  file: {
    mime: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
      'text/plain',
      'application/zip',
      'application/x-zip-compressed',
      'audio/mpeg',
    ],
    ext: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt', 'zip', 'mp3'],
  },
};

/**
 * docs/requirements/validation.md#uploads quirk, kept on purpose: the image message tells users 500 KB, while the
 * check itself lets images through up to 600 KB (UPLOAD_IMAGE_MAX).
 */
const UPLOAD_MAX: Record<UploadKind, number> = {
  image: UPLOAD_IMAGE_MAX,
  file: UPLOAD_FILE_MAX,
  video: UPLOAD_VIDEO_MAX,
  audio: UPLOAD_AUDIO_MAX,
};

/** The `accept` attribute for a file picker of this kind. */
export function acceptAttribute(kind: UploadKind): string {
  const { mime, ext } = UPLOAD_ACCEPT[kind];
  return [...mime, ...ext.map((e) => `.${e}`)].join(',');
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** 'fileFormat' for a refused type, 'fileTooLarge' past the kind's limit, otherwise null. */
export function checkUpload(file: File, kind: UploadKind): MsgKey | null {
  const { mime, ext } = UPLOAD_ACCEPT[kind];
  const typeOk = file.type ? mime.includes(file.type.toLowerCase()) : ext.includes(extension(file.name));
  if (!typeOk) return 'fileFormat';
  if (file.size >= UPLOAD_MAX[kind]) return 'fileTooLarge';
  return null;
}
