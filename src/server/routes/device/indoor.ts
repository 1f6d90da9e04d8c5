import multipart from '@fastify/multipart';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_IMAGE_MAX } from '../../../shared/constants';
import type { UploadedPicture, UwbTag } from '../../../shared/indoor';
import { deviceLocations, devices } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { authed } from '../../auth/request';
import { saveUpload } from '../../uploads/save-upload';
import { sendUpload } from '../../uploads/send-upload';

/** `POST /api/device/indoor/tags`: the newest UWB fix of each tag of the caller's tenant. */
const uwbTagsBody = z
  .object({
    /** Only tags whose last fix is at most this old (seconds). */
    sinceS: z.number().int().min(1).max(86_400).default(600),
  })
  .default({ sinceS: 600 });

const tags = ['device'];

/**
 * Indoor positioning beyond the generic CRUD: floor pictures (upload and serving) and the newest
 * UWB fix per tag, which /uwbServer reads and the floor view polls until live positions arrive.
 */
const indoorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);

  // docs/requirements/validation.md#uploads: images under 600 KB, as the console checks. Floor pictures are kept as sent.
  app.post(
    '/indoor/upload',
    {
      config: { write: true },
      schema: { tags, summary: 'Floor picture upload (field "file", PNG/JPEG/GIF/WebP under 600 KB); answers its URL' },
    },
    async (request, reply) => {
      const { name } = await saveUpload(request, { kind: 'image', under: UPLOAD_IMAGE_MAX, strip: false });
      const answer: UploadedPicture = { url: `/api/device/indoor/file/${name}` };
      return reply.ok(answer);
    },
  );

  // Public: <img> cannot send the session header. The same files as GET /api/file/:name.
  const fileSchema = { tags, summary: 'An uploaded floor picture', params: z.object({ name: z.string() }) };
  app.get('/indoor/file/:name', { config: { public: true }, schema: fileSchema }, async (request, reply) =>
    sendUpload(request, reply, request.params.name),
  );

  app.post(
    '/indoor/tags',
    { schema: { tags, summary: 'Newest UWB fix of every tag of the tenant', body: uwbTagsBody } },
    async (request, reply) => {
      const { scope } = authed(request);
      const since = new Date(app.clock.now() - request.body.sinceS * 1000);
      const tagRows = await app.db
        .select({
          id: devices.id,
          imei: devices.imei,
          name: devices.name,
          state: devices.state,
          battery: devices.battery,
        })
        .from(devices)
        .where(and(tenantWhere(scope, devices), eq(devices.kind, 'uwbTag')));
      if (!tagRows.length) return reply.ok([]);
      const fixes = await app.db
        .selectDistinctOn([deviceLocations.deviceId], {
          deviceId: deviceLocations.deviceId,
          x: deviceLocations.x,
          y: deviceLocations.y,
          floor: deviceLocations.floor,
          ts: deviceLocations.ts,
        })
        .from(deviceLocations)
        .where(
          and(
            inArray(
              deviceLocations.deviceId,
              tagRows.map((d) => d.id),
            ),
            eq(deviceLocations.source, 'uwb'),
            gte(deviceLocations.ts, since),
          ),
        )
        .orderBy(deviceLocations.deviceId, desc(deviceLocations.ts));
      const byId = new Map(tagRows.map((d) => [d.id, d]));
      const out: UwbTag[] = fixes.flatMap((f) => {
        const d = byId.get(f.deviceId);
        if (!d || f.x === null || f.y === null) return [];
        return [
          {
            imei: d.imei,
            name: d.name,
            state: d.state,
            battery: d.battery,
            x: f.x,
            y: f.y,
            floor: f.floor,
            ts: f.ts.getTime(),
          },
        ];
      });
      return reply.ok(out);
    },
  );
};

export default indoorRoutes;
