import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_VIDEO_MAX } from '../../shared/constants';
import { authed } from '../../server/auth/request';
import { saveUpload } from '../../server/uploads/save-upload';
import vcr from './resource';
import { addVcrInfoBody } from './api';
import { posterFor } from './poster';
import { videoRecords } from './table';
import { recordingByName } from './store';

const uploadQuery = z.object({ title: z.string().trim().min(1).max(100).optional() });

const plugin: FastifyPluginAsyncZod = async (app) => {
  // Multipart parsing comes from the resource routes (src/server/routes/resources.ts), which register every entity plugin.
  app.post(
    '/upload',
    {
      config: { menus: [...vcr.routes], write: true },
      schema: {
        tags: ['device'],
        summary:
          'A video into the library (field "file", MP4/WebM/QuickTime under 20 MB; query title): listed under review',
        querystring: uploadQuery,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const saved = await saveUpload(request, { kind: 'video', under: UPLOAD_VIDEO_MAX, strip: false });
      const now = app.clock.now();
      const [row] = await app.db
        .insert(videoRecords)
        .values({
          tenantId: scope.tenantId,
          fileName: `upload_${now}_0000`,
          title: request.query.title ?? `${new Date(now).toISOString().slice(0, 19).replace('T', ' ')}`,
          size: saved.size,
          type: app.storage.kind === 's3' ? 1 : 2,
          file: saved.name,
          poster: await posterFor(app, scope.tenantId, saved.name),
        })
        .returning({ id: videoRecords.id });
      return reply.ok({ id: row!.id, file: saved.name, size: saved.size });
    },
  );

  app.post(
    '/addVcrInfo',
    {
      config: { write: true },
      schema: {
        tags: ['device'],
        summary:
          "After a recording: its file name (key + _0000), bucket, devices and storage type; completes the service's own row or lists a recording kept elsewhere",
        body: addVcrInfoBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { fileName, bucketName, imeis, type } = request.body;
      const found = await recordingByName(app, scope.tenantId, fileName);
      const values = { bucketName: bucketName || null, imeis: imeis.join(',') || null };
      if (found) {
        // The service stored this file itself, so it knows the storage type better than the caller.
        await app.db.update(videoRecords).set(values).where(eq(videoRecords.id, found.id));
        return reply.ok({ id: found.id });
      }
      const [row] = await app.db
        .insert(videoRecords)
        .values({ tenantId: scope.tenantId, fileName, ...values, type })
        .returning({ id: videoRecords.id });
      return reply.ok({ id: row!.id });
    },
  );
};

export default plugin;
