import { and, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allocateBody, bindBody, idsNoteBody, secretsBody, type DeviceSecretRow } from '../../../shared/devices/api';
import { devices } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { allocate, bind, recycle, stockIn, unbind, type Operator } from '../../devices/allocation';
import { deviceKey, deviceSecret } from '../../devices/secrets';
import { authed } from '../../auth/request';

const tags = ['device'];

/** The stock flow (devices/allocation.ts) and device secrets. */
const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const op = (request: Parameters<typeof authed>[0]): Operator => {
    const { scope, user } = authed(request);
    return { scope, name: user.name || user.username };
  };
  const done = (imeis: string[]) => {
    for (const imei of imeis) app.deviceCache.invalidate(imei);
    return { count: imeis.length };
  };

  app.post(
    '/device/stockIn',
    {
      config: { mark: 'device:allocate' },
      schema: { tags, summary: 'Pending or recycled devices into stock (super administrators)', body: idsNoteBody },
    },
    async (request, reply) => reply.ok(done(await stockIn(app.db, op(request), request.body.ids, request.body.note))),
  );
  app.post(
    '/device/allocate',
    {
      config: { mark: 'device:allocate' },
      schema: { tags, summary: 'Assign devices to a tenant (and department)', body: allocateBody },
    },
    async (request, reply) => reply.ok(done(await allocate(app.db, op(request), request.body))),
  );
  app.post(
    '/device/bind',
    {
      config: { mark: 'device:update' },
      schema: { tags, summary: 'Bind an assigned device to a person', body: bindBody },
    },
    async (request, reply) => reply.ok(done(await bind(app.db, op(request), request.body))),
  );
  app.post(
    '/device/unbind',
    { config: { mark: 'device:update' }, schema: { tags, summary: 'Unbind bound devices', body: idsNoteBody } },
    async (request, reply) => reply.ok(done(await unbind(app.db, op(request), request.body.ids, request.body.note))),
  );
  app.post(
    '/device/recycle',
    {
      config: { mark: 'device:allocate' },
      schema: { tags, summary: 'Take devices back into the Platform tenant; their secret changes', body: idsNoteBody },
    },
    async (request, reply) => reply.ok(done(await recycle(app.db, op(request), request.body.ids, request.body.note))),
  );

  app.post(
    '/device/secrets',
    {
      config: { mark: 'device:secret' },
      schema: { tags, summary: 'MQTT secrets of devices in scope (unknown IMEIs omitted)', body: secretsBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [key, rows] = await Promise.all([
        deviceKey(app.db),
        app.db
          .select({ imei: devices.imei, kind: devices.kind, secretVersion: devices.secretVersion })
          .from(devices)
          .where(and(inArray(devices.imei, [...new Set(request.body.imeis)]), tenantWhere(scope, devices))),
      ]);
      const out: DeviceSecretRow[] = rows.map((r) => ({
        imei: r.imei,
        kind: r.kind,
        secret: deviceSecret(key, r.imei, r.secretVersion),
      }));
      return reply.ok({ rows: out });
    },
  );
};

export default stockRoutes;
