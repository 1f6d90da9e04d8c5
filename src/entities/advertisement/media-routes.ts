import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { deviceByBasicAuth } from '../../server/devices/basic-auth';
import { sendUpload } from '../../server/uploads/send-upload';
import { adDeliveries, advertisements } from './table';

const tags = ['user'];

/**
 * The advertisement's media route: the video a door unit downloads for an ad delivered to it
 * (the URL delivery.ts puts in the adPush command). Videos are uploaded by ossUser/uploadAdvertVideo.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/video/:adId',
    {
      // A door unit downloads the video of an ad it was given, with its MQTT credentials (Basic imei:secret).
      config: { public: true },
      schema: {
        tags,
        summary: 'A door unit downloads the video of an advertisement delivered to it (Basic auth imei:secret)',
        params: z.object({ adId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const device = await deviceByBasicAuth(app, request);
      const [row] = await app.db
        .select({ video: advertisements.video })
        .from(adDeliveries)
        .innerJoin(advertisements, eq(advertisements.id, adDeliveries.adId))
        .where(
          and(
            eq(adDeliveries.adId, request.params.adId),
            eq(adDeliveries.deviceId, device.id),
            eq(adDeliveries.withdrawn, false),
          ),
        );
      if (!row) return reply.status(404).send({ code: Code.NOT_FOUND, key: 'notFound', msg: 'notFound', data: null });
      // The demo ads play a file of public/.
      if (row.video.startsWith('/')) return reply.redirect(row.video);
      return sendUpload(request, reply, row.video);
    },
  );
};

export default plugin;
