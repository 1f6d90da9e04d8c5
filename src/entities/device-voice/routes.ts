import type { FastifyPluginAsync } from 'fastify';
import { Code } from '../../shared/api';
import { VOICE_CLIP_MAX } from '../../shared/constants';
import { deviceByBasicAuth } from '../../server/devices/basic-auth';
import { fail } from '../../server/lib/api-error';
import { storeUpload } from '../../server/uploads/save-upload';
import { deviceVoices } from './table';
import { wavDurationMs } from '../../server/protocols/wav';

const AUDIO_TYPES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/mpeg',
  'audio/ogg',
  'audio/aac',
  'application/octet-stream',
];

/**
 * The device side: `POST /api/device/deviceVoice/upload` with the clip as the raw body, the
 * device's own MQTT credentials as Basic auth, and optionally `x-duration-ms` (WAV durations are
 * read from the header). The clip goes through the shared upload tail (sniffed, counted against
 * the company's quota) and is listed for the device's company.
 */
const plugin: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(AUDIO_TYPES, { parseAs: 'buffer', bodyLimit: VOICE_CLIP_MAX }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/upload',
    {
      config: { public: true },
      bodyLimit: VOICE_CLIP_MAX,
      schema: {
        tags: ['device'],
        summary: 'A device uploads a voice message (raw WAV/MP3/Ogg/AAC body under 1 MB, Basic auth imei:secret)',
      },
    },
    async (request, reply) => {
      const device = await deviceByBasicAuth(app, request);
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) return fail(Code.BAD_REQUEST, 'fileFormat');
      const saved = await storeUpload(app, device.tenantId, bytes, {
        kind: 'audio',
        under: VOICE_CLIP_MAX,
        strip: false,
      });
      const declared = Number(request.headers['x-duration-ms']);
      const durationMs =
        wavDurationMs(bytes) ?? (Number.isInteger(declared) && declared >= 0 && declared < 3_600_000 ? declared : null);
      const [row] = await app.db
        .insert(deviceVoices)
        .values({
          tenantId: device.tenantId,
          deviceId: device.id,
          imei: device.imei,
          deviceName: device.name,
          durationMs,
          size: saved.size,
          file: saved.name,
        })
        .returning({ id: deviceVoices.id });
      return reply.ok({ id: row!.id, file: saved.name, durationMs });
    },
  );
};

export default plugin;
