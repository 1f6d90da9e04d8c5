import { isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MapDevice } from '../../../shared/geo/map-config';
import { devices } from '../../db/schema';
import { scopedWhere } from '../../db/scope';
import { authed } from '../../auth/request';

/** More than the fence/bench target fleet (10,000) but bounded, so one call cannot hold the service. */
export const MAP_DEVICES_LIMIT = 20_000;

/** Every located device of the caller's scope in one compact answer, for the map's markers. */
const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/devices',
    { schema: { tags: ['map'], summary: 'Located devices of the caller’s scope (map markers)' } },
    async (request, reply) => {
      const d = devices;
      const rows = await app.db
        .select({ imei: d.imei, name: d.name, kind: d.kind, state: d.state, lat: d.lat, lon: d.lon })
        .from(d)
        .where(scopedWhere(authed(request).scope, d, isNotNull(d.lat), isNotNull(d.lon)))
        .orderBy(d.id)
        .limit(MAP_DEVICES_LIMIT);
      return reply.ok(rows as MapDevice[]);
    },
  );
};

export default deviceRoutes;
