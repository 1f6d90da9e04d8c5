import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { IMEI_RE } from '../../shared/devices/protocol';
import { tenants } from '../../server/db/schema';
import { allocate } from '../../server/devices/allocation';
import { addRow } from '../../server/engine/write';
import { fail } from '../../server/lib/api-error';
import { deviceServer } from '../device';
import { ctxOf, operatorOf } from '../../server/devices/scope';
import unknownDevice, { registerUnknownBody } from './resource';
import { superOnly } from './server';
import { protocolUnknownDevices } from './table';

const tags = ['device'];

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      config: { write: true },
      schema: {
        tags,
        summary:
          "Register an unknown device (super administrators): the device is added under the row's identifier, allocated to the tenant, and the row removed; it is let in on its next connection",
        body: registerUnknownBody,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      superOnly(ctx.scope);
      const { id, productId, tenantId, kind, name } = request.body;
      const [row] = await app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id));
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      const imei = row!.identifier;
      // The gateway records any identifier its protocol carries; a device's IMEI has the platform's shape.
      if (!IMEI_RE.test(imei)) fail(Code.BAD_REQUEST, 'imeiInvalid');
      const [tenant] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
      if (!tenant) fail(Code.BAD_REQUEST, 'refInvalid');
      // The device list's add (a super administrator's device goes into stock), then the allocation.
      const device = await addRow(ctx, deviceServer.binding, { imei, name, kind, productId });
      if (device.tenantId !== tenantId)
        await allocate(
          app.db,
          { scope: ctx.scope, name: operatorOf(request).name },
          { ids: [device.id as number], tenantId },
        );
      await app.db.delete(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id));
      app.events.emit('resource.changed', {
        kind: unknownDevice.kind,
        name: unknownDevice.name,
        action: 'delete',
        id,
        tenantId: undefined,
        scope: ctx.scope,
      });
      // Its next login finds it: nothing negative stays cached.
      app.deviceCache.invalidate(imei);
      return reply.ok({ deviceId: device.id as number, imei });
    },
  );
};

export default plugin;
