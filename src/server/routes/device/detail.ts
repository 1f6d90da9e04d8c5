import { and, count, desc, eq, gte, lte, max, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CODECS } from '../../protocols/registry';
import type { ProtocolName } from '../../protocols/types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_STATE } from '../../../shared/codes';
import {
  imeiBody,
  rollupBody,
  seriesBody,
  type DeviceDetail,
  type DeviceEventRow,
  type DeviceInfo,
  type DeviceStats,
  type LocationPoint,
  type TelemetryPoint,
} from '../../../shared/devices/api';
import { skuImage } from '../../../shared/devices/display';
import { KIND_INFO, type DeviceKind } from '../../../shared/devices/kinds';
import { deviceEvents, deviceLocations, deviceReadings, devices, products } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { getRow } from '../../engine/query';
import { authed, hidesPersonal } from '../../auth/request';
import { maskRow } from '../../../shared/mask';
import { deviceServer } from '../../../entities/device';
import { rollupSeries } from '../../devices/rollups';
import { ctxOf, deviceInScope } from '../../devices/scope';

const tags = ['device'];
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** from/to of a series body as conditions on the ts column. */
function window(col: PgColumn, body: { from?: string; to?: string }): (SQL | undefined)[] {
  return [body.from ? gte(col, new Date(body.from)) : undefined, body.to ? lte(col, new Date(body.to)) : undefined];
}

/** The kind's commands; over a device protocol, those its codec can say (an OsmAnd phone takes none). */
function commandsOf(kind: string, protocol: ProtocolName | undefined): string[] {
  const all = [...(KIND_INFO[kind as DeviceKind]?.commands ?? [])];
  if (!protocol) return all;
  const codec = CODECS[protocol];
  return codec.transport === 'http' ? [] : all.filter((c) => codec.commands.includes(c));
}

/** Device detail, map popup info, the time series and the fleet counters. */
const detailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/device/detail',
    { schema: { tags, summary: 'One device with its live data and the commands its kind obeys', body: imeiBody } },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const found = await getRow(ctxOf(request), deviceServer.binding, d.id);
      const row = (await hidesPersonal(request, deviceServer.binding.def.routes[0]))
        ? maskRow(deviceServer.binding.def.fields, found)
        : found;
      const protocol = app.protocols.connected(d.imei);
      const detail: DeviceDetail = {
        ...row,
        id: d.id,
        imei: d.imei,
        name: d.name,
        kind: d.kind,
        state: d.state,
        battery: d.battery,
        signal: d.signal,
        mainsPower: d.mainsPower,
        stockState: d.stockState,
        lastCommunicationAt: iso(d.lastCommunicationAt),
        tenantId: d.tenantId,
        lat: d.lat,
        lon: d.lon,
        locatedAt: iso(d.locatedAt),
        lastValues: d.lastValues ?? {},
        settingsVersion: d.settingsVersion,
        settingsAckedVersion: d.settingsAckedVersion,
        commands: commandsOf(d.kind, protocol),
        protocol: protocol ?? null,
      };
      return reply.ok(detail);
    },
  );

  app.post(
    '/deviceinfo/getDeviceInfo',
    {
      schema: {
        tags,
        summary: 'Map popup facts of one device (docs/requirements/realtime-map-and-tracks.md#device-info)',
        body: imeiBody,
      },
    },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const [[offline], [product]] = await Promise.all([
        app.db
          .select({ at: max(deviceEvents.ts) })
          .from(deviceEvents)
          .where(and(eq(deviceEvents.deviceId, d.id), eq(deviceEvents.type, 'offline'))),
        d.productId
          ? app.db.select({ image: products.image }).from(products).where(eq(products.id, d.productId))
          : Promise.resolve([]),
      ]);
      const times = [d.lastCommunicationAt, offline?.at ?? null].filter((t): t is Date => t instanceof Date);
      const last = times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
      const info: DeviceInfo = {
        imei: d.imei,
        state: d.state,
        battery: d.battery,
        name: d.name,
        lat: d.lat,
        lon: d.lon,
        imgSrc: skuImage(d.sku) || product?.image || undefined,
        lastConnectTime: iso(last),
      };
      return reply.ok(info);
    },
  );

  app.post(
    '/device/telemetry',
    { schema: { tags, summary: 'Readings of one device, oldest first (the newest `limit`)', body: seriesBody } },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const rows = await app.db
        .select({ ts: deviceReadings.ts, values: deviceReadings.values })
        .from(deviceReadings)
        .where(and(eq(deviceReadings.deviceId, d.id), ...window(deviceReadings.ts, request.body)))
        .orderBy(desc(deviceReadings.ts), desc(deviceReadings.id))
        .limit(request.body.limit);
      const points: TelemetryPoint[] = rows.reverse().map((r) => ({ ts: r.ts.toISOString(), values: r.values }));
      return reply.ok(points);
    },
  );

  app.post(
    '/device/rollups',
    {
      schema: {
        tags,
        summary:
          "One metric of one device in minute, hour or day buckets over a window (from the rollups, never raw readings); without a grain, the part before the finest grain's first bucket comes in the next coarser one",
        body: rollupBody,
      },
    },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const { metric, from, to, grain } = request.body;
      const series = (await rollupSeries(app.db, [d.id], metric, new Date(from), new Date(to), grain)).get(d.id)!;
      return reply.ok(series);
    },
  );

  app.post(
    '/device/locations',
    { schema: { tags, summary: 'Positions of one device, oldest first (the newest `limit`)', body: seriesBody } },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const l = deviceLocations;
      const rows = await app.db
        .select({
          ts: l.ts,
          lat: l.lat,
          lon: l.lon,
          alt: l.alt,
          speed: l.speed,
          heading: l.heading,
          accuracy: l.accuracy,
          source: l.source,
          x: l.x,
          y: l.y,
          z: l.z,
          floor: l.floor,
        })
        .from(l)
        .where(and(eq(l.deviceId, d.id), ...window(l.ts, request.body)))
        .orderBy(desc(l.ts), desc(l.id))
        .limit(request.body.limit);
      const points: LocationPoint[] = rows.reverse().map((r) => ({ ...r, ts: r.ts.toISOString() }));
      return reply.ok(points);
    },
  );

  const eventsBody = z.object({ imei: imeiBody.shape.imei, limit: z.number().int().min(1).max(1000).default(100) });
  app.post(
    '/device/events',
    { schema: { tags, summary: 'Events of one device, newest first', body: eventsBody } },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const e = deviceEvents;
      const rows = await app.db
        .select({ ts: e.ts, type: e.type, name: e.name, value: e.value, data: e.data })
        .from(e)
        .where(eq(e.deviceId, d.id))
        .orderBy(desc(e.ts), desc(e.id))
        .limit(request.body.limit);
      const out: DeviceEventRow[] = rows.map((r) => ({ ...r, ts: r.ts.toISOString() }));
      return reply.ok(out);
    },
  );

  app.post(
    '/device/stats',
    { schema: { tags, summary: "Device counters of the caller's scope" } },
    async (request, reply) => {
      const rows = await app.db
        .select({ state: devices.state, kind: devices.kind, n: count() })
        .from(devices)
        .where(tenantWhere(authed(request).scope, devices))
        .groupBy(devices.state, devices.kind);
      const stats: DeviceStats = { total: 0, online: 0, offline: 0, inactive: 0, abnormal: 0, byKind: {} };
      for (const r of rows) {
        const n = Number(r.n);
        stats.total += n;
        if (r.state === DEVICE_STATE.online) stats.online += n;
        else if (r.state === DEVICE_STATE.offline) stats.offline += n;
        else if (r.state === DEVICE_STATE.inactive) stats.inactive += n;
        else stats.abnormal += n;
        stats.byKind[r.kind] = (stats.byKind[r.kind] ?? 0) + n;
      }
      return reply.ok(stats);
    },
  );
};

export default detailRoutes;
