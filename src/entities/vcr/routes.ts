import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authed } from '../../server/plugins/auth';
import { addVcrInfoBody } from './api';
import { videoRecords } from './server';
import { recordingByName } from './store';

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/addVcrInfo',
    {
      config: { write: true },
      schema: { tags: ['device'], summary: "After a recording: its file name (key + _0000), bucket, devices and storage type; completes the service's own row or lists a recording kept elsewhere", body: addVcrInfoBody },
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
      const [row] = await app.db.insert(videoRecords).values({ tenantId: scope.tenantId, fileName, ...values, type }).returning({ id: videoRecords.id });
      return reply.ok({ id: row!.id });
    },
  );
};

export default plugin;
