import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { IMEI_RE } from '../../shared/devices/protocol';
import { UPLOAD_IMAGE_MAX } from '../../shared/constants';
import { devices } from '../../server/db/schema';
import { tenantWhere } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { saveUpload } from '../../server/uploads/save-upload';
import { CAMERA_ROUTES, cameras } from '../camera';
import { photos } from './table';
import { reporterName, thumbnailFor } from '../../server/uploads/thumbnail';

const snapshotQuery = z
  .object({
    cameraId: z.coerce.number().int().positive().optional(),
    /** A device on the wall instead of a camera. */
    imei: z.string().regex(IMEI_RE).optional(),
    title: z.string().trim().min(1).max(100).optional(),
  })
  .refine((q) => (q.cameraId === undefined) !== (q.imei === undefined), { message: 'required', path: ['cameraId'] });

/** The monitoring wall's snapshot: the JPEG of a tile's current frame becomes a photo of source 1 (监控抓拍). */
// Multipart parsing comes from the resource routes (src/server/routes/resources.ts), which register every entity plugin.
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/snapshot',
    {
      config: { menus: [...CAMERA_ROUTES], write: true },
      schema: {
        tags: ['device'],
        summary: 'A wall snapshot into the photo library (field "file", JPEG/PNG under 600 KB; query cameraId, title)',
        querystring: snapshotQuery,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { cameraId, imei, title } = request.query;
      const [camera] =
        cameraId !== undefined
          ? await app.db
              .select({ name: cameras.name, imei: cameras.imei })
              .from(cameras)
              .where(and(eq(cameras.id, cameraId), eq(cameras.tenantId, scope.tenantId)))
              .limit(1)
          : (
              await app.db
                .select({ name: devices.name, imei: devices.imei })
                .from(devices)
                .where(and(eq(devices.imei, imei!), tenantWhere(scope, devices)))
                .limit(1)
            ).map((d) => ({ name: d.name || d.imei, imei: d.imei }));
      if (!camera) fail(Code.BAD_REQUEST, 'notFound');
      const saved = await saveUpload(request, { kind: 'image', under: UPLOAD_IMAGE_MAX, strip: true });
      const image = `/api/file/${saved.name}`;
      const made = await thumbnailFor(app, scope.tenantId, image);
      const [row] = await app.db
        .insert(photos)
        .values({
          tenantId: scope.tenantId,
          title: title ?? `${camera.name} ${new Date(app.clock.now()).toISOString().slice(0, 19).replace('T', ' ')}`,
          image,
          ...made,
          source: 1,
          imei: camera.imei,
          reporter: await reporterName(app.db, user.id),
        })
        .returning({ id: photos.id });
      return reply.ok({ id: row!.id, image, thumb: made.thumb });
    },
  );
};

export default plugin;
