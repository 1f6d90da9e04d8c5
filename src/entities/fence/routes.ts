import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fenceAddBody, fenceUpdateBody } from '../../shared/geo/fence-schema';
import { idBody } from '../../shared/resources/list';
import { activeFences, assignmentsOf, devicesInside, saveFence } from '../../server/fences/repo';
import { dateOf } from '../../server/lib/clock';
import { authed } from '../../server/auth/request';

const tags = ['fence'];

/**
 * Geofences beyond the generic list/get/delete/export of the `fence` resource: add and update
 * with geometry and assignments (devices by IMEI, device groups), what a fence is assigned to,
 * the enabled fences for the map and the devices inside one. Everything is tenant-scoped; a
 * device, group or fence of another tenant is refused exactly like an unknown one. A change
 * rebuilds this replica's fence index before answering (others follow within their refresh).
 */
const fenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add',
    {
      config: { mark: 'fence:add' },
      schema: { tags, summary: 'Create a fence (circle or polygon) with its devices and groups', body: fenceAddBody },
    },
    async (request, reply) => {
      const saved = await saveFence(app.db, authed(request).scope, request.body, dateOf(app.clock));
      await app.fenceIndex.reload([saved.tenantId]);
      return reply.ok({ id: saved.id });
    },
  );

  app.post(
    '/update',
    {
      config: { mark: 'fence:update' },
      schema: { tags, summary: 'Change a fence; given imeis/groupIds replace its assignments', body: fenceUpdateBody },
    },
    async (request, reply) => {
      const saved = await saveFence(app.db, authed(request).scope, request.body, dateOf(app.clock));
      await app.fenceIndex.reload([saved.tenantId]);
      return reply.ok({ id: saved.id });
    },
  );

  app.post(
    '/devices',
    { schema: { tags, summary: 'The IMEIs and device groups a fence watches, and its polygon ring', body: idBody } },
    async (request, reply) => reply.ok(await assignmentsOf(app.db, authed(request).scope, request.body.id)),
  );

  app.post(
    '/active',
    { schema: { tags, summary: "Enabled fences of the caller's tenant with their geometry (for the map)" } },
    async (request, reply) => reply.ok(await activeFences(app.db, authed(request).scope)),
  );

  app.post(
    '/states',
    { schema: { tags, summary: 'Devices currently inside a fence', body: idBody } },
    async (request, reply) => reply.ok(await devicesInside(app.db, authed(request).scope, request.body.id)),
  );
};

export default fenceRoutes;
