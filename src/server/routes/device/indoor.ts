import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import { and, desc, eq, gte, inArray, sum } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../shared/api';
import { UPLOAD_IMAGE_MAX } from '../../../shared/constants';
import { uwbTagsBody, type UploadedPicture, type UwbTag } from '../../../shared/resources/indoor';
import { deviceLocations, devices, uploads } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { envelope, fail } from '../../lib/api-error';
import { authed } from '../../plugins/auth';

const tags = ['device'];

/** Image types accepted, told apart by their first bytes (the declared type is the client's word). */
const IMAGE_TYPES = [
  { ext: 'png', mime: 'image/png', magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', magic: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', mime: 'image/webp', magic: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
] as const;
const FILE_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/**
 * Indoor positioning beyond the generic CRUD: floor pictures (upload and serving) and the newest
 * UWB fix per tag, which /uwbServer reads and the floor view polls until live positions arrive.
 */
const indoorRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = resolve(app.config.dataDir, 'uploads');
  // docs/requirements/validation.md#uploads: images under 600 KB; one byte less makes 600 KB itself too
  // large, as the console checks.
  await app.register(multipart, { limits: { fileSize: UPLOAD_IMAGE_MAX - 1, files: 1, fields: 2 } });

  app.post('/indoor/upload', { config: { write: true }, schema: { tags, summary: 'Floor picture upload (field "file", PNG/JPEG/GIF/WebP under 600 KB); answers its URL' } }, async (request, reply) => {
    let body: Buffer;
    try {
      const file = await request.file();
      if (!file || file.fieldname !== 'file') return fail(Code.BAD_REQUEST, 'fileFormat');
      body = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return fail(Code.BAD_REQUEST, 'fileTooLarge');
      return fail(Code.BAD_REQUEST, 'fileFormat');
    }
    const type = IMAGE_TYPES.find((t) => t.magic(body));
    if (!type) return fail(Code.BAD_REQUEST, 'fileFormat');
    // One tenant cannot fill the disk the others share.
    const { scope } = authed(request);
    const [used] = await app.db.select({ bytes: sum(uploads.bytes) }).from(uploads).where(eq(uploads.tenantId, scope.tenantId));
    if (Number(used?.bytes ?? 0) + body.length > app.config.uploadQuotaBytes) return fail(Code.BAD_REQUEST, 'quotaExceeded');
    const name = `${randomUUID()}.${type.ext}`;
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), body, { flag: 'wx' });
    await app.db.insert(uploads).values({ tenantId: scope.tenantId, name, bytes: body.length });
    const answer: UploadedPicture = { url: `/api/device/indoor/file/${name}` };
    return reply.ok(answer);
  });

  // Public: <img> cannot send the session header; names are random UUIDs, never listed.
  app.get('/indoor/file/:name', { config: { public: true }, schema: { tags, summary: 'An uploaded floor picture', params: z.object({ name: z.string() }) } }, async (request, reply) => {
    const { name } = request.params;
    const path = join(dir, name);
    // A real 404 status, so an <img> shows its broken state instead of decoding JSON.
    const found = FILE_NAME.test(name) ? await stat(path).catch(() => null) : null;
    if (!found?.isFile()) return reply.status(404).send(envelope(Code.NOT_FOUND, 'notFound', null));
    const mime = IMAGE_TYPES.find((t) => name.endsWith(`.${t.ext}`))!.mime;
    return reply
      .type(mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(path));
  });

  app.post('/indoor/tags', { schema: { tags, summary: 'Newest UWB fix of every tag of the tenant', body: uwbTagsBody } }, async (request, reply) => {
    const { scope } = authed(request);
    const since = new Date(app.clock.now() - request.body.sinceS * 1000);
    const tagRows = await app.db
      .select({ id: devices.id, imei: devices.imei, name: devices.name, state: devices.state, battery: devices.battery })
      .from(devices)
      .where(and(tenantWhere(scope, devices), eq(devices.kind, 'uwbTag')));
    if (!tagRows.length) return reply.ok([]);
    const fixes = await app.db
      .selectDistinctOn([deviceLocations.deviceId], { deviceId: deviceLocations.deviceId, x: deviceLocations.x, y: deviceLocations.y, floor: deviceLocations.floor, ts: deviceLocations.ts })
      .from(deviceLocations)
      .where(and(inArray(deviceLocations.deviceId, tagRows.map((d) => d.id)), eq(deviceLocations.source, 'uwb'), gte(deviceLocations.ts, since)))
      .orderBy(deviceLocations.deviceId, desc(deviceLocations.ts));
    const byId = new Map(tagRows.map((d) => [d.id, d]));
    const out: UwbTag[] = fixes.flatMap((f) => {
      const d = byId.get(f.deviceId);
      if (!d || f.x === null || f.y === null) return [];
      return [{ imei: d.imei, name: d.name, state: d.state, battery: d.battery, x: f.x, y: f.y, floor: f.floor, ts: f.ts.getTime() }];
    });
    return reply.ok(out);
  });
};

export default indoorRoutes;
