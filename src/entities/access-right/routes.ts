import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { devices } from '../../server/db/schema';
import { tenantWhere } from '../../server/db/scope';
import type { KnownDevice } from '../../server/devices/hub';
import type { ResourceChange } from '../../server/events';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { operatorOf } from '../../server/devices/scope';
import accessRight from './resource';
import { deliveries, doorUnitsOfRights, pushPendingList, pushSoon, pushToDevices } from './push';
import { accessRights } from './table';

const tags = ['user'];
const id = z.number().int().positive();
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/revoke',
    {
      config: { mark: 'accessRight:update' as PermissionMark },
      schema: {
        tags,
        summary: 'Revoke a right: its door units get their lists again without it',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [row] = await app.db
        .update(accessRights)
        .set({ revoked: true, revokedAt: new Date(app.clock.now()) })
        .where(and(eq(accessRights.id, request.body.id), tenantWhere(scope, accessRights)))
        .returning({ tenantId: accessRights.tenantId });
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      const pushed = await pushToDevices(app, row!.tenantId, await doorUnitsOfRights(app.db, [request.body.id]), {
        op: operatorOf(request),
      });
      return reply.ok({ pushed });
    },
  );

  app.post(
    '/qr',
    {
      config: { menus: [...accessRight.routes] },
      schema: { tags, summary: "A right's QR token (what its QR code encodes) and validity", body: z.object({ id }) },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [row] = await app.db
        .select({
          token: accessRights.qrToken,
          name: accessRights.name,
          validUntil: accessRights.validUntil,
          revoked: accessRights.revoked,
        })
        .from(accessRights)
        .where(and(eq(accessRights.id, request.body.id), tenantWhere(scope, accessRights)));
      if (!row?.token) fail(Code.NOT_FOUND, 'notFound');
      return reply.ok({
        token: row!.token,
        name: row!.name,
        validUntil: row!.validUntil?.toISOString() ?? null,
        revoked: row!.revoked,
      });
    },
  );

  app.post(
    '/deliveries',
    {
      config: { menus: [...accessRight.routes] },
      schema: {
        tags,
        summary: 'Per door unit: the newest credential list pushed (version, size) and its delivery state',
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      return reply.ok({ rows: await deliveries(app.db, scope.tenantId) });
    },
  );

  app.post(
    '/resend',
    {
      config: { mark: 'accessRight:update' as PermissionMark },
      schema: {
        tags,
        summary: 'Push these door units their whole list again (counted as a retry)',
        body: z.object({ deviceIds: z.array(id).min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const mine = await app.db
        .select({ id: devices.id })
        .from(devices)
        .where(and(inArray(devices.id, request.body.deviceIds), tenantWhere(scope, devices)));
      const pushed = await pushToDevices(
        app,
        scope.tenantId,
        mine.map((d) => d.id),
        { resend: true, op: operatorOf(request) },
      );
      return reply.ok({ pushed }, 'commandSent');
    },
  );

  // Any change of a right goes to the door units it opened and opens now.
  const onChange = (c: ResourceChange) => {
    if (c.kind !== accessRight.kind || c.name !== accessRight.name || c.tenantId === undefined) return;
    pushSoon(app, c.tenantId, [...new Set([...ids(c.before?.deviceIds), ...ids(c.after?.deviceIds)])]);
  };
  const onOnline = (device: KnownDevice) => {
    pushPendingList(app, device).catch((err: unknown) =>
      app.log.warn({ err, imei: device.imei }, 'pending access list push failed'),
    );
  };
  app.events.on('resource.changed', onChange);
  app.deviceHub.on('online', onOnline);
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
    app.deviceHub.off('online', onOnline);
  });
};

export default plugin;
