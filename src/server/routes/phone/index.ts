import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import type { Uplink } from '../../../shared/devices/protocol';
import {
  PHONE_MAX_AHEAD_MS,
  PHONE_MIN_TS,
  phonePositionsBody,
  phoneSosBody,
  type PhoneDevice,
} from '../../../shared/patrol';
import type { Outcome } from '../../ingest/batch';
import { ApiError, fail } from '../../lib/api-error';
import { ensurePhone, findPhone, type PhoneRow } from '../../patrol/phone-device';
import { authed } from '../../auth/request';

const tags = ['phone'];
const MPS_TO_KMH = 3.6;
/** How long an SOS waits for its position to reach the alarm engine before it is raised anyway. */
const SOS_POSITION_WAIT_MS = 2_000;

const asDevice = (d: PhoneRow): PhoneDevice => ({
  id: d.id,
  imei: d.imei,
  name: d.name,
  lat: d.lat,
  lon: d.lon,
  locatedAt: d.locatedAt ? new Date(d.locatedAt).toISOString() : null,
});

/**
 * The patrol phone (docs/device-protocol.md "The phone shares its position"): the console on a
 * patrol officer's phone posts its fixes and SOS, stored as the uplinks of the caller's own device
 * of kind `phone` through the same ingest every device takes (src/server/ingest/ingest.ts), so
 * the map, tracks, fences, attendance, the alarm engine and the consoles' SOS dialog see them.
 */
const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The fix's own time in ms, refused when the ingest would not keep it as it is. */
  const fixTime = (at: string, path: string): number => {
    const ts = Date.parse(at);
    if (ts > app.clock.now() + PHONE_MAX_AHEAD_MS) fail(Code.BAD_REQUEST, 'phoneFixFuture', `${path}: ${at} is ahead`);
    if (ts < PHONE_MIN_TS) fail(Code.BAD_REQUEST, 'phoneFixTooOld', `${path}: ${at} is before 2000`);
    return ts;
  };

  /** Hands uplinks to the ingest and waits until each is stored or refused for good. */
  const ingest = async (imei: string, uplinks: Uplink[]): Promise<Outcome[]> => {
    const outcomes = await Promise.all(
      uplinks.map(
        (u) =>
          new Promise<Outcome>((resolve) =>
            // Unmetered: one request carries up to 500 fixes of the queue, more than a device's burst.
            app.ingest.accept(imei, `phone/${imei}`, Buffer.from(JSON.stringify(u)), u, resolve, undefined, true),
          ),
      ),
    );
    // Not stored: the console keeps them queued and sends them again.
    if (outcomes.includes('lost')) throw new ApiError(Code.UNAVAILABLE, 'notReady', undefined, 503);
    return outcomes;
  };

  app.get(
    '/device',
    { schema: { tags, summary: "The caller's own phone device (null before the first share)" } },
    async (request, reply) => {
      const d = await findPhone(app, authed(request).scope);
      return reply.ok(d ? asDevice(d) : null);
    },
  );

  app.post(
    '/positions',
    {
      config: { write: true },
      schema: {
        tags,
        summary: "Store fixes, in order with their own times, as positions of the caller's phone device",
        body: phonePositionsBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { fixes } = request.body;
      const times = fixes.map((f, i) => fixTime(f.at, `fixes.${i}.at`));
      const device = await ensurePhone(app, scope, user);
      const uplinks: Uplink[] = fixes.map((f, i) => ({
        kind: 'location',
        // The fix's time as its id: a batch sent again after a lost answer is stored once.
        id: `fix:${times[i]}`,
        ts: times[i]!,
        source: 'gps',
        lat: f.lat,
        lon: f.lon,
        accuracy: f.accuracy,
        ...(f.speed != null && { speed: Math.min(2000, f.speed * MPS_TO_KMH) }),
        ...(f.heading != null && { heading: f.heading }),
        ...(f.altitude != null && { alt: f.altitude }),
      }));
      const charged = fixes.findLastIndex((f) => f.battery != null);
      if (charged >= 0)
        uplinks.push({
          kind: 'telemetry',
          id: `battery:${times[charged]}`,
          ts: times[charged]!,
          values: { battery: fixes[charged]!.battery! },
        });
      const outcomes = await ingest(device.imei, uplinks);
      const refused = outcomes.filter((o) => o === 'refused').length;
      return reply.ok({ deviceId: device.id, imei: device.imei, stored: outcomes.length - refused, refused });
    },
  );

  app.post(
    '/sos',
    {
      config: { write: true },
      schema: {
        tags,
        summary: "Raise an SOS for the caller's phone device, at its last position",
        body: phoneSosBody,
      },
    },
    async (request, reply) => {
      const { scope, user } = authed(request);
      const { lat, lon, accuracy, at } = request.body;
      const ts = fixTime(at, 'at');
      const device = await ensurePhone(app, scope, user);
      if (lat !== undefined && lon !== undefined) {
        await ingest(device.imei, [
          {
            kind: 'location',
            id: `fix:${ts}`,
            ts,
            source: 'gps',
            lat,
            lon,
            ...(accuracy !== undefined && { accuracy }),
          },
        ]);
        // The alarm takes the device's position when it is raised: let this one reach the device first.
        await Promise.race([app.ingest.drain(), new Promise((r) => setTimeout(r, SOS_POSITION_WAIT_MS))]);
      }
      // The hold's time as its id: an SOS sent again after a lost answer is raised once.
      const [outcome] = await ingest(device.imei, [{ kind: 'alarm', id: `sos:${ts}`, ts, alarm: 'sos' }]);
      return reply.ok({ deviceId: device.id, imei: device.imei, raised: outcome === 'stored' });
    },
  );
};

export default phoneRoutes;
