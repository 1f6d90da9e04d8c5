/** pubMusic: pushing audio or text-to-speech to devices with a `broadcast` command. */
import { z } from 'zod';
import { isBadText } from '../text';
import { IMEI_RE, MAX_BATCH_DEVICES } from './protocol';

/** A stored audio upload's name (a random UUID and its sniffed extension). */
const AUDIO_NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp3|wav|ogg|aac)$/;

export const TTS_MAX = 500;
const speech = z
  .string()
  .trim()
  .min(1)
  .max(TTS_MAX)
  .refine((v) => !isBadText(v), 'textInvalid');

/** `POST /api/device/audioPush/send`. */
export const audioPushSendBody = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('file'),
    imeis: z.array(z.string().regex(IMEI_RE)).min(1).max(MAX_BATCH_DEVICES),
    file: z.string().regex(AUDIO_NAME_RE),
    /** The name the user's file had, shown in the history. */
    title: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine((v) => !isBadText(v), 'textInvalid'),
  }),
  z.object({
    source: z.literal('tts'),
    imeis: z.array(z.string().regex(IMEI_RE)).min(1).max(MAX_BATCH_DEVICES),
    text: speech,
  }),
]);

/** `POST /api/device/audioPush/preview`: a WAV of the text when the server can synthesise. */
export const ttsPreviewBody = z.object({ text: speech, lang: z.string().max(8).default('cn') });

export interface AudioUploadAnswer {
  name: string;
  url: string;
  size: number;
  contentType: string;
}
