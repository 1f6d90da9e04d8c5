import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { UPLOAD_IMAGE_MAX } from '../../shared/constants';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/plugins/auth';
import { saveUpload } from '../../server/uploads/save-upload';
import { CAMERA_ROUTES } from '../camera/resource';
import { cameras } from '../camera/server';
import { photos } from './server';
import { reporterName, thumbnailFor } from './thumbnail';

const snapshotQuery = z.object({
  cameraId: z.coerce.number().int().positive(),
  title: z.string().trim().min(1).max(100).optional(),
});

/** The monitoring wall's snapshot: the JPEG of a tile's current frame becomes a photo of source 1 (监控抓拍). */
// Multipart parsing comes from the resource routes (src/server/routes/resources.ts), which register every entity plugin.
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/snapshot',
    {
      config: { menus: [...CAMERA_ROUTES], write: true },
      schema: { tags: ['device'], summary: 'A wall snapshot into the photo library (field "file", JPEG/PNG under 600 KB; query cameraId, title)', querystring: snapshotQuery },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { cameraId, title } = request.query;
      const [camera] = await app.db.select({ name: cameras.name, imei: cameras.imei }).from(cameras).where(and(eq(cameras.id, cameraId), eq(cameras.tenantId, scope.tenantId))).limit(1);
      if (!camera) fail(Code.BAD_REQUEST, 'notFound');
      const saved = await saveUpload(request, { kind: 'image', under: UPLOAD_IMAGE_MAX, strip: true });
      const image = `/api/file/${saved.name}`;
      const made = await thumbnailFor(app, scope.tenantId, image);
      const [row] = await app.db
        .insert(photos)
        .values({ tenantId: scope.tenantId, title: title ?? `${camera.name} ${new Date(app.clock.now()).toISOString().slice(0, 19).replace('T', ' ')}`, image, ...made, source: 1, imei: camera.imei, reporter: await reporterName(app.db, user.id) })
        .returning({ id: photos.id });
      return reply.ok({ id: row!.id, image, thumb: made.thumb });
    },
  );
};

export default plugin;
