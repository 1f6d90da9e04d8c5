import { z } from 'zod';
import { IMEI_RE } from './devices/protocol';

/** docs/requirements/constants.md: at most six video monitors open at once. */
export const MAX_MONITORS = 6;

export const cameraIdBody = z.object({ id: z.number().int().positive() });
/** A device on the wall (a door unit, watch or helmet asked to publish its camera). */
export const deviceWatchBody = z.object({ imei: z.string().regex(IMEI_RE) });
/** A camera (`id`) or a device on the wall (`imei`): one of them. */
export const cameraRecordBody = z
  .object({
    id: z.number().int().positive().optional(),
    imei: z.string().regex(IMEI_RE).optional(),
    action: z.enum(['start', 'stop']),
  })
  .refine((b) => (b.id === undefined) !== (b.imei === undefined), { message: 'required', path: ['id'] });

/** What the console needs to receive a camera through the service's SFU (src/client/features/media/selfHosted.ts). */
export interface CameraWatchAnswer {
  appId: 'local';
  channel: string;
  uid: string;
  token: string;
  /** The camera's uid in its room. */
  publisher: string;
}

export interface CameraCheckAnswer {
  state: number;
  lastError: string | null;
  video?: { codec: string; width: number; height: number };
  audio?: { codec: string };
}

/** `****` in place of a URL's password, for everything that leaves the service. */
export function maskUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@\s]*:)[^@\s]*@/, '$1****@');
}
