import { z } from 'zod';

const IMEI = /^\d{15}$/;

/**
 * `POST /api/device/vcr/addVcrInfo` (docs/requirements/realtime-video.md#device-calls): after a
 * recording ends, the file (the recording's key with `_0000`), its bucket, the devices in it and
 * the storage type. `imeis` as the devices' comma-separated text or a list.
 */
export const addVcrInfoBody = z.object({
  bucketName: z.string().trim().max(128).optional().default(''),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.\-/]+$/, 'expected a file name of letters, digits and . _ - /'),
  imeis: z
    .union([z.string().max(4000), z.array(z.string()).max(200)])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(IMEI, 'expected IMEIs of 15 digits')).max(200)),
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
});
