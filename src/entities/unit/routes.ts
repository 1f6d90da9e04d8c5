import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { devices } from '../../server/db/schema';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { buildings } from '../building';
import { communities } from '../community';
import unit from './resource';
import { unitDoorUnits, units } from './table';

const tags = ['user'];
const unitBody = z.object({ id: z.number().int().positive() });
const attachBody = z.object({
  id: z.number().int().positive(),
  imeis: z.array(z.string().trim().min(1).max(64)).min(1, 'nothingSelected').max(50),
});
const imeiBody = z.object({ imei: z.string().trim().min(1, 'required').max(64) });
const update = `${unit.mark}:update` as PermissionMark;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const unitInScope = async (tenantId: number, id: number) => {
    const [u] = await app.db
      .select()
      .from(units)
      .where(and(eq(units.id, id), eq(units.tenantId, tenantId)));
    if (!u) fail(Code.NOT_FOUND, 'notFound');
    return u!;
  };

  app.post(
    '/doorUnit/list',
    { config: { menus: unit.routes }, schema: { tags, summary: 'The door units installed at a unit', body: unitBody } },
    async (request, reply) => {
      const { scope } = authed(request);
      const u = await unitInScope(scope.tenantId, request.body.id);
      const rows = await app.db
        .select({ id: devices.id, imei: devices.imei, name: devices.name, state: devices.state })
        .from(unitDoorUnits)
        .innerJoin(devices, eq(devices.id, unitDoorUnits.deviceId))
        .where(eq(unitDoorUnits.unitId, u.id))
        .orderBy(asc(devices.imei));
      return reply.ok(rows);
    },
  );

  app.post(
    '/doorUnit/attach',
    {
      config: { mark: update },
      schema: {
        tags,
        summary:
          "Install door units (IMEIs of devices of kind doorUnit of the unit's company) at a unit; one unit per door unit",
        body: attachBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const u = await unitInScope(scope.tenantId, request.body.id);
      await app.db.transaction(async (tx) => {
        for (const imei of new Set(request.body.imeis)) {
          const [d] = await tx
            .select({ id: devices.id, kind: devices.kind })
            .from(devices)
            .where(and(eq(devices.imei, imei), eq(devices.tenantId, scope.tenantId)));
          if (d?.kind !== 'doorUnit') fail(Code.BAD_REQUEST, 'notDoorUnit');
          const deviceId = d!.id;
          const [at] = await tx
            .select({ unitId: unitDoorUnits.unitId })
            .from(unitDoorUnits)
            .where(eq(unitDoorUnits.deviceId, deviceId));
          if (at && at.unitId !== u.id) fail(Code.CONFLICT, 'doorUnitTaken');
          if (!at)
            await tx
              .insert(unitDoorUnits)
              .values({ tenantId: scope.tenantId, unitId: u.id, communityId: u.communityId, deviceId });
        }
      });
      app.events.emit('doorUnits.changed', { tenantId: scope.tenantId });
      return reply.ok(null);
    },
  );

  app.post(
    '/doorUnit/detach',
    { config: { mark: update }, schema: { tags, summary: 'Take door units off a unit', body: attachBody } },
    async (request, reply) => {
      const { scope } = authed(request);
      const u = await unitInScope(scope.tenantId, request.body.id);
      for (const imei of new Set(request.body.imeis)) {
        const [d] = await app.db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.imei, imei), eq(devices.tenantId, scope.tenantId)));
        if (d)
          await app.db
            .delete(unitDoorUnits)
            .where(and(eq(unitDoorUnits.unitId, u.id), eq(unitDoorUnits.deviceId, d.id)));
      }
      app.events.emit('doorUnits.changed', { tenantId: scope.tenantId });
      return reply.ok(null);
    },
  );

  app.post(
    '/doorUnit/get',
    {
      config: { menus: unit.routes },
      schema: {
        tags,
        summary: 'The unit (with its building and community) a door unit is installed at, by IMEI; null when none',
        body: imeiBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [row] = await app.db
        .select({
          deviceId: devices.id,
          imei: devices.imei,
          unitId: units.id,
          unitName: units.name,
          buildingId: buildings.id,
          buildingName: buildings.name,
          communityId: communities.id,
          communityName: communities.name,
        })
        .from(unitDoorUnits)
        .innerJoin(devices, eq(devices.id, unitDoorUnits.deviceId))
        .innerJoin(units, eq(units.id, unitDoorUnits.unitId))
        .innerJoin(buildings, eq(buildings.id, units.buildingId))
        .innerJoin(communities, eq(communities.id, units.communityId))
        .where(and(eq(devices.imei, request.body.imei), eq(devices.tenantId, scope.tenantId)));
      return reply.ok(row ?? null);
    },
  );
};

export default plugin;
