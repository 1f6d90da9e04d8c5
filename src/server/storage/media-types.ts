/** The media the service stores, by the extension it gives the stored name. */
export const MEDIA = {
  png: { mime: 'image/png', kind: 'image' },
  jpg: { mime: 'image/jpeg', kind: 'image' },
  gif: { mime: 'image/gif', kind: 'image' },
  webp: { mime: 'image/webp', kind: 'image' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  webm: { mime: 'video/webm', kind: 'video' },
  mov: { mime: 'video/quicktime', kind: 'video' },
  mp3: { mime: 'audio/mpeg', kind: 'audio' },
  wav: { mime: 'audio/wav', kind: 'audio' },
  ogg: { mime: 'audio/ogg', kind: 'audio' },
  aac: { mime: 'audio/aac', kind: 'audio' },
} as const;
export type MediaExt = keyof typeof MEDIA;
export type MediaKind = (typeof MEDIA)[MediaExt]['kind'];

/** A stored upload's name: a random UUID and one of our extensions (never listed, never guessable). */
export const UPLOAD_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(MEDIA).join('|')})$`,
);

/** The type recorded for a stored name: its extension was chosen from the sniffed content. */
export function mimeOfName(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return Object.hasOwn(MEDIA, ext) ? MEDIA[ext as MediaExt].mime : 'application/octet-stream';
}
