import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { MESSAGES } from '../../../shared/messages';
import { parseDate } from '../../../shared/dates';
import { MAX_TRACK_POINTS, toCsv, toGpx, trackBody, trackExportBody, type TrackColumns } from '../../../shared/geo/track';
import { rowsOf } from '../../db/rows';
import { deviceInScope } from './scope';

const tags = ['device'];

/**
 * One query on device_locations_device_ts_idx (device_id, ts), oldest first, that builds the
 * columns as JSON inside the database: decoding 100,000 rows into objects on PGlite takes
 * seconds, one text value a fraction of that. One row past the cap tells whether the range held
 * more; rows without lat/lon (UWB-only fixes) are not part of a map track.
 */
async function trackJson(app: FastifyInstance, deviceId: number, body: { from: string; to: string; source: 'gps' | 'all'; detail?: boolean }): Promise<string> {
  const gpsOnly = body.source === 'gps' ? sql`and source = 'gps'` : sql``;
  // Whatever date shape the caller sent, the database gets ISO 8601.
  const from = new Date(parseDate(body.from)).toISOString();
  const to = new Date(parseDate(body.to)).toISOString();
  const detail = body.detail
    ? sql`::jsonb || jsonb_build_object(
        'accuracy', coalesce(jsonb_agg(accuracy order by rn) filter (where rn <= ${MAX_TRACK_POINTS}), '[]'::jsonb),
        'source', coalesce(jsonb_agg(source order by rn) filter (where rn <= ${MAX_TRACK_POINTS}), '[]'::jsonb))`
    : sql``;
  const res = await app.db.execute(sql`
    with x as (
      select ts, id, lat, lon, speed, accuracy, source from device_locations
      where device_id = ${deviceId} and ts >= ${from}::timestamptz and ts <= ${to}::timestamptz
        and lat is not null and lon is not null ${gpsOnly}
      order by ts, id limit ${MAX_TRACK_POINTS + 1}
    ), y as (select *, row_number() over (order by ts, id) rn from x)
    select (json_build_object(
      't', coalesce(json_agg(floor(extract(epoch from ts) * 1000)::int8 order by rn) filter (where rn <= ${MAX_TRACK_POINTS}), '[]'::json),
      'lat', coalesce(json_agg(lat order by rn) filter (where rn <= ${MAX_TRACK_POINTS}), '[]'::json),
      'lon', coalesce(json_agg(lon order by rn) filter (where rn <= ${MAX_TRACK_POINTS}), '[]'::json),
      'speed', coalesce(json_agg(speed order by rn) filter (where rn <= ${MAX_TRACK_POINTS}), '[]'::json),
      'truncated', count(*) > ${MAX_TRACK_POINTS}
    )${detail})::text as j from y`);
  return rowsOf<{ j: string }>(res)[0]!.j;
}

/** Track history for /track and /track_gps (docs/requirements/realtime-map-and-tracks.md#track-point), and files. */
const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/track', { schema: { tags, summary: 'Positions of one device in a time range (at most 31 days, 100,000 points), as columns', body: trackBody } }, async (request, reply) => {
    const d = await deviceInScope(app, request, request.body.imei);
    // The columns are already JSON: wrap them in the envelope instead of parsing and re-serialising.
    const json = await trackJson(app, d.id, request.body);
    return reply.header('content-type', 'application/json; charset=utf-8').send(`{"code":${Code.OK},"msg":${JSON.stringify(MESSAGES.ok)},"key":"ok","data":${json}}`);
  });

  app.post('/track/export', { schema: { tags, summary: 'The same track as a GPX 1.1 or CSV file', body: trackExportBody } }, async (request, reply) => {
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
  });
};

export default trackRoutes;
