import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { MESSAGES } from '../../../shared/messages';
import { parseDate } from '../../../shared/dates';
import {
  MAX_TRACK_POINTS,
  toCsv,
  toGpx,
  trackBody,
  trackExportBody,
  type TrackColumns,
} from '../../../shared/geo/track';
import { rowsOf } from '../../db/rows';
import { deviceInScope } from '../../devices/scope';

const tags = ['device'];

/**
 * One query on device_locations_device_ts_idx (device_id, ts, id), oldest first, that builds the
 * columns as JSON inside the database: decoding 100,000 rows into objects on PGlite takes
 * seconds, one text value a fraction of that. The aggregates take the rows in the order the
 * limited subquery returns them (the index's), so nothing is sorted: a row_number() window and
 * `json_agg(... order by ...)` had cost a sort of 100,000 rows per column, spilling to disk on
 * PostgreSQL 15 and on PGlite (docs/performance.md#track). Only a full answer asks whether the
 * range held more; rows without lat/lon (UWB-only fixes) are not part of a map track.
 */
async function trackJson(
  app: FastifyInstance,
  deviceId: number,
  body: { from: string; to: string; source: 'gps' | 'all'; detail?: boolean },
): Promise<string> {
  const gpsOnly = body.source === 'gps' ? sql`and source = 'gps'` : sql``;
  // Whatever date shape the caller sent, the database gets ISO 8601.
  const from = new Date(parseDate(body.from)).toISOString();
  const to = new Date(parseDate(body.to)).toISOString();
  const inRange = sql`device_id = ${deviceId} and ts >= ${from}::timestamptz and ts <= ${to}::timestamptz
    and lat is not null and lon is not null ${gpsOnly}`;
  const detail = body.detail
    ? sql`, 'accuracy', coalesce(json_agg(accuracy), '[]'::json), 'source', coalesce(json_agg(source), '[]'::json)`
    : sql``;
  const res = await app.db.execute(sql`
    with x as (
      select ts, lat, lon, speed${body.detail ? sql`, accuracy, source` : sql``} from device_locations
      where ${inRange} order by ts, id limit ${MAX_TRACK_POINTS}
    )
    select json_build_object(
      't', coalesce(json_agg(floor(extract(epoch from ts) * 1000)::int8), '[]'::json),
      'lat', coalesce(json_agg(lat), '[]'::json),
      'lon', coalesce(json_agg(lon), '[]'::json),
      'speed', coalesce(json_agg(speed), '[]'::json)${detail}
    )::text as j, count(*)::int as n from x`);
  const { j, n } = rowsOf<{ j: string; n: number }>(res)[0]!;
  const more =
    n === MAX_TRACK_POINTS &&
    rowsOf(
      await app.db.execute(
        sql`select 1 from device_locations where ${inRange} order by ts, id offset ${MAX_TRACK_POINTS} limit 1`,
      ),
    ).length > 0;
  // The object ends with its closing brace; the flag goes in before it.
  return `${j.slice(0, -1)},"truncated":${more}}`;
}

/** Track history for /track and /track_gps (docs/requirements/realtime-map-and-tracks.md#track-point), and files. */
const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/track',
    {
      schema: {
        tags,
        summary: 'Positions of one device in a time range (at most 31 days, 100,000 points), as columns',
        body: trackBody,
      },
    },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      // The columns are already JSON: wrap them in the envelope instead of parsing and re-serialising.
      const json = await trackJson(app, d.id, request.body);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(`{"code":${Code.OK},"msg":${JSON.stringify(MESSAGES.ok)},"key":"ok","data":${json}}`);
    },
  );

  app.post(
    '/track/export',
    { schema: { tags, summary: 'The same track as a GPX 1.1 or CSV file', body: trackExportBody } },
    async (request, reply) => {
      const { imei, format } = request.body;
      const d = await deviceInScope(app, request, imei);
      const track = JSON.parse(await trackJson(app, d.id, request.body)) as TrackColumns;
      // The file is named after the parsed day, never after the caller's text.
      const day = new Date(parseDate(request.body.from)).toISOString().slice(0, 10).replaceAll('-', '');
      const text = format === 'gpx' ? toGpx(track, { name: d.name || d.imei, imei: d.imei }) : toCsv(track, d.imei);
      return reply
        .header('content-type', format === 'gpx' ? 'application/gpx+xml; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="track-${d.imei}-${day}.${format}"`)
        .send(text);
    },
  );
};

export default trackRoutes;
