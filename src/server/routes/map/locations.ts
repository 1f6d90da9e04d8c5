import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapLocationsBody, type MapDevice } from '../../../shared/geo/map-config';
import { rowsOf } from '../../db/rows';
import { isPlatformScope } from '../../db/scope';
import { authed } from '../../auth/request';
import { MAP_DEVICES_LIMIT } from './devices';

/**
 * /locations_jf: the newest WGS-84 fix of each device of a kind with its radius and source. The
 * device row keeps GPS fixes only (docs/device-protocol.md "location"), so the fix comes from
 * device_locations: one index probe per device on (device_id, ts), newest first.
 */
const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/locations',
    {
      schema: {
        tags: ['map'],
        summary: 'Newest fix (any source, with accuracy) of every device of a kind',
        body: mapLocationsBody,
      },
    },
    async (request, reply) => {
      const scope = authed(request).scope;
      const tenant = isPlatformScope(scope) ? sql`` : sql`and d.tenant_id = ${scope.tenantId}`;
      const res = await app.db.execute(sql`
      select d.imei, d.name, d.state, l.lat, l.lon, l.accuracy, l.source, floor(extract(epoch from l.ts) * 1000)::float8 as ts
      from devices d
      cross join lateral (
        select lat, lon, accuracy, source, ts from device_locations
        where device_id = d.id and lat is not null and lon is not null
        order by ts desc limit 1
      ) l
      where d.kind = ${request.body.kind} ${tenant}
      order by d.id limit ${MAP_DEVICES_LIMIT}`);
      return reply.ok(
        rowsOf<MapDevice>(res).map((r) => ({
          ...r,
          ts: Number(r.ts),
          accuracy: r.accuracy === null ? null : Number(r.accuracy),
        })),
      );
    },
  );
};

export default locationRoutes;
