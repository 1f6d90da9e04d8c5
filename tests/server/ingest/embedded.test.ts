import { and, count, eq, inArray } from 'drizzle-orm';
import { LIVE_AT } from '../../../src/server/ingest/lanes';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY, DEVICE_STATE } from '../../../src/shared/codes';
import { topics } from '../../../src/shared/topics';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import {
  deviceCommands,
  deviceEvents,
  deviceLocations,
  deviceReadings,
  devices,
  readingRollups,
} from '../../../src/server/db/schema';
import { ROLLUP_GRAIN } from '../../../src/shared/rollups';
import type { Uplink } from '../../../src/shared/devices/protocol';
import type { KnownDevice } from '../../../src/server/devices/hub';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, deviceClient, until, up, type TestDevice } from '../ingest-helper';

let t: TestApp;
let url: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})));
});
afterAll(() => t?.close());

async function connect(d: TestDevice): Promise<MqttClient> {
  const c = await deviceClient(url, d);
  clients.push(c);
  return c;
}

const stateOf = async (id: number) =>
  (await t.app.db.select({ state: devices.state }).from(devices).where(eq(devices.id, id)))[0]!.state;
const rowCount = async (table: typeof deviceReadings | typeof deviceEvents | typeof deviceLocations, id: number) =>
  (await t.app.db.select({ n: count() }).from(table).where(eq(table.deviceId, id)))[0]!.n;
const events = (id: number) =>
  t.app.db.select().from(deviceEvents).where(eq(deviceEvents.deviceId, id)).orderBy(deviceEvents.id);

describe('ingest over the embedded broker', () => {
  it('stores telemetry, location, status, alarm and call, and tracks presence from the connection', async () => {
    const [d] = await addDevices(t.app, 1);
    const seen: string[] = [];
    const onOnline = (x: KnownDevice) => x.id === d!.id && seen.push('online');
    const onOffline = (x: KnownDevice) => x.id === d!.id && seen.push('offline');
    t.app.deviceHub.on('online', onOnline).on('offline', onOffline);
    try {
      const c = await connect(d!);
      await until(async () => (await stateOf(d!.id)) === DEVICE_STATE.online, 5_000, 'online');
      const ts = Date.now() - 5_000;
      await up(c, d!.imei, { kind: 'telemetry', id: 1, ts, values: { heartRate: 72, bodyTemp: 36.6, battery: 81.4 } });
      await up(
        c,
        d!.imei,
        { kind: 'location', id: 2, ts: Math.floor(ts / 1000), lat: 31.23, lon: 121.47, speed: 3 },
        'cbor',
      );
      await up(c, d!.imei, {
        kind: 'status',
        id: 3,
        signal: 3,
        mainsPower: 0,
        appVersion: 'a1',
        systemVersion: 's1',
        iccid: '8986',
        imsi: '4600',
      });
      await up(c, d!.imei, { kind: 'alarm', id: 4, alarm: 'sos', note: 'help' });
      await up(c, d!.imei, { kind: 'call', id: 5, roomNo: '1201', building: '3' });
      await until(async () => (await rowCount(deviceEvents, d!.id)) >= 3, 5_000, 'events');
      // The live fields are written on their own, slower cycle (LIVE_MS); drain writes them now.
      await t.app.ingest.drain();
      const [row] = await t.app.db.select().from(devices).where(eq(devices.id, d!.id));
      expect(row).toMatchObject({
        state: 1,
        battery: 81,
        signal: 3,
        mainsPower: 0,
        appVersion: 'a1',
        systemVersion: 's1',
        iccid: '8986',
        imsi: '4600',
        lat: 31.23,
        lon: 121.47,
      });
      expect(row!.lastValues).toMatchObject({ heartRate: 72, bodyTemp: 36.6 });
      expect(row!.activatedAt).toBeInstanceOf(Date);
      expect(row!.lastCommunicationAt).toBeInstanceOf(Date);
      const [reading] = await t.app.db.select().from(deviceReadings).where(eq(deviceReadings.deviceId, d!.id));
      expect(reading).toMatchObject({ msgId: '1', values: { heartRate: 72, bodyTemp: 36.6, battery: 81.4 } });
      expect(reading!.ts.getTime()).toBe(ts);
      // drain() also rolls the minute rollups up: the hour and day rows hold the reading too.
      const hr = await t.app.db
        .select({ grain: readingRollups.grain, n: readingRollups.n, sum: readingRollups.sum, pn: readingRollups.pn })
        .from(readingRollups)
        .where(and(eq(readingRollups.deviceId, d!.id), eq(readingRollups.metric, 'heartRate')))
        .orderBy(readingRollups.grain);
      expect(hr).toEqual([
        { grain: ROLLUP_GRAIN.minute, n: 1, sum: 72, pn: 0 },
        { grain: ROLLUP_GRAIN.hour, n: 1, sum: 72, pn: 0 },
        { grain: ROLLUP_GRAIN.day, n: 1, sum: 72, pn: 0 },
      ]);
      const [loc] = await t.app.db.select().from(deviceLocations).where(eq(deviceLocations.deviceId, d!.id));
      expect(loc).toMatchObject({ lat: 31.23, lon: 121.47, speed: 3, source: 'gps', msgId: '2' });
      expect(loc!.ts.getTime()).toBe(Math.floor(ts / 1000) * 1000);
      const evs = await events(d!.id);
      expect(evs.map((e) => [e.type, e.name])).toEqual([
        ['online', null],
        ['alarm', 'sos'],
        ['call', null],
      ]);
      expect(evs[1]!.data).toEqual({ note: 'help' });
      expect(evs[2]!.data).toMatchObject({ roomNo: '1201', building: '3' });

      await c.endAsync();
      await until(async () => (await stateOf(d!.id)) === DEVICE_STATE.offline, 5_000, 'offline');
      expect((await events(d!.id)).at(-1)!.type).toBe('offline');
      expect(seen).toEqual(['online', 'offline']);
    } finally {
      t.app.deviceHub.off('online', onOnline).off('offline', onOffline);
    }
  });

  it('goes offline on the last will when the connection drops', async () => {
    const [d] = await addDevices(t.app, 1);
    const c = await connect(d!);
    await until(async () => (await stateOf(d!.id)) === DEVICE_STATE.online, 5_000, 'online');
    c.stream.destroy(); // no DISCONNECT: the broker publishes the will
    await until(async () => (await stateOf(d!.id)) === DEVICE_STATE.offline, 5_000, 'offline');
    const types = (await events(d!.id)).map((e) => e.type);
    expect(types).toEqual(['online', 'offline']);
  });

  it('counts malformed, oversized, unknown and unauthorised messages and keeps serving other devices', async () => {
    const [bad, good] = await addDevices(t.app, 2);
    const before = structuredClone(t.app.ingestStats.dropped);
    const c = await connect(bad!);
    await c.publishAsync(topics.deviceUp(bad!.imei), Buffer.from('{not json'), { qos: 1 });
    await c.publishAsync(topics.deviceUp(bad!.imei), Buffer.from([0xff, 0x00, 0x13]), { qos: 1 });
    await up(c, bad!.imei, { kind: 'telemetry', values: {} });
    await up(c, bad!.imei, { kind: 'nope' });
    await up(c, bad!.imei, { kind: 'telemetry', values: { heartRate: 1 }, pad: 'x'.repeat(9000) });
    await t.app.broker.publish(topics.deviceUp('860000000000000'), { kind: 'telemetry', values: { heartRate: 1 } });
    t.app.ingest.handle(topics.deviceUp(good!.imei), Buffer.from('{"kind":"telemetry","values":{"heartRate":1}}'), {
      kind: 'device',
      imei: bad!.imei,
      deviceId: bad!.id,
      tenantId: bad!.tenantId,
    });
    const g = await connect(good!);
    await up(g, good!.imei, { kind: 'telemetry', id: 'ok', values: { heartRate: 60 } });
    await until(async () => (await rowCount(deviceReadings, good!.id)) === 1, 5_000, 'good reading');
    const after = t.app.ingestStats.dropped;
    expect(after.malformed - before.malformed).toBe(4);
    expect(after.oversized - before.oversized).toBe(1);
    expect(after.unknown - before.unknown).toBe(1);
    expect(after.unauthorised - before.unauthorised).toBe(1);
    expect(await rowCount(deviceReadings, bad!.id)).toBe(0);
    expect(c.connected).toBe(true);
  });

  it('writes many messages in few batches and stores a redelivered message id once', async () => {
    const [d] = await addDevices(t.app, 1);
    const c = await connect(d!);
    const batches = t.app.ingestStats.batches;
    const n = 3000;
    await Promise.all(
      Array.from({ length: n }, (_, i) => up(c, d!.imei, { kind: 'telemetry', id: i, values: { steps: i } })),
    );
    await until(async () => (await rowCount(deviceReadings, d!.id)) === n, 20_000, 'all readings');
    expect(t.app.ingestStats.batches - batches).toBeLessThan(n / 20);
    await t.app.ingest.drain();
    const last = await t.app.db.select({ v: devices.lastValues }).from(devices).where(eq(devices.id, d!.id));
    expect(last[0]!.v.steps).toBe(n - 1);

    await up(c, d!.imei, { kind: 'alarm', id: 'dup', alarm: 'fall' });
    await up(c, d!.imei, { kind: 'alarm', id: 'dup', alarm: 'fall' });
    await up(c, d!.imei, { kind: 'telemetry', id: 7, values: { steps: 1 } });
    await t.app.ingest.drain();
    await until(() => t.app.ingest.depth() === 0);
    await t.app.ingest.drain();
    expect(await rowCount(deviceReadings, d!.id)).toBe(n);
    expect((await events(d!.id)).filter((e) => e.type === 'alarm')).toHaveLength(1);
  });

  it('writes the live fields of more devices than one statement takes, every one', async () => {
    const n = LIVE_AT * 2 + 7;
    const ds = await addDevices(t.app, n);
    const batches = t.app.ingestStats.batches;
    for (const [i, d] of ds.entries())
      t.app.ingest.handle(
        topics.deviceUp(d.imei),
        Buffer.from(JSON.stringify({ kind: 'telemetry', id: 1, values: { battery: 50 + (i % 40) } })),
        null,
      );
    await t.app.ingest.drain();
    const rows = await t.app.db
      .select({ id: devices.id, battery: devices.battery, state: devices.state })
      .from(devices)
      .where(
        inArray(
          devices.id,
          ds.map((d) => d.id),
        ),
      );
    expect(rows).toHaveLength(n);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ds.map((d) => [byId.get(d.id)!.battery, byId.get(d.id)!.state])).toEqual(
      ds.map((_, i) => [50 + (i % 40), DEVICE_STATE.online]),
    );
    // At least three statements for the live fields alone.
    expect(t.app.ingestStats.batches - batches).toBeGreaterThanOrEqual(3);
  });

  it('starts no bulk write while urgent work holds the database, and the urgent message goes', async () => {
    const [d, e] = await addDevices(t.app, 2);
    const send = (imei: string, m: object) =>
      t.app.ingest.handle(topics.deviceUp(imei), Buffer.from(JSON.stringify(m)), null);
    const gate = t.app.priority;
    const wait = gate.maxWaitMs;
    gate.maxWaitMs = 60_000;
    const leave = gate.enter();
    try {
      for (let i = 0; i < 20; i++) send(d!.imei, { kind: 'telemetry', id: i, values: { steps: i } });
      send(e!.imei, { kind: 'alarm', id: 'sos', alarm: 'sos' });
      await until(async () => (await events(e!.id)).some((x) => x.name === 'sos'), 10_000, 'the SOS stored');
      // Well past the flush window: the telemetry still waits.
      await new Promise((r) => setTimeout(r, 300));
      expect(await rowCount(deviceReadings, d!.id)).toBe(0);
    } finally {
      leave();
      gate.maxWaitMs = wait;
    }
    await until(async () => (await rowCount(deviceReadings, d!.id)) === 20, 10_000, 'the telemetry after the hold');
  });

  it('writes urgent messages ahead of a bulk backlog, once each, and keeps the device state in arrival order', async () => {
    const [d, e] = await addDevices(t.app, 2);
    const n = 12_000;
    const send = (imei: string, m: object) =>
      t.app.ingest.handle(topics.deviceUp(imei), Buffer.from(JSON.stringify(m)), null);
    let telemetry = 0;
    let total = 0;
    const urgentAfter: Record<string, number> = {};
    const onUplink = (x: KnownDevice, m: Uplink) => {
      if (x.id !== d!.id && x.id !== e!.id) return;
      total++;
      if (m.kind === 'telemetry') telemetry++;
      else if (m.kind === 'alarm' || m.kind === 'call') urgentAfter[`${m.kind}:${x.imei}`] ??= telemetry;
    };
    const release = t.app.uplinks.use('observer', onUplink);
    try {
      for (let i = 0; i < n; i++) send(i % 2 ? d!.imei : e!.imei, { kind: 'telemetry', id: i, values: { steps: i } });
      // d's last will, then d is back with an SOS (and its QoS 1 redelivery); e rings a door.
      send(d!.imei, { kind: 'status', id: 'will', online: false });
      send(d!.imei, { kind: 'alarm', id: 'sos', alarm: 'sos' });
      send(d!.imei, { kind: 'alarm', id: 'sos', alarm: 'sos' });
      send(e!.imei, { kind: 'call', id: 'call', roomNo: '1201' });
      await t.app.ingest.drain();
    } finally {
      release();
    }
    // Stored (their events leave after the write) while most of the backlog still waited.
    expect(urgentAfter[`alarm:${d!.imei}`]).toBeLessThan(n / 2);
    expect(urgentAfter[`call:${e!.imei}`]).toBeLessThan(n / 2);
    expect(telemetry).toBe(n);
    // Every message of these two devices reported stored once (both SOS copies included; the
    // process-wide counter is not used: earlier tests' stragglers can land meanwhile).
    expect(total).toBe(n + 4);
    expect((await rowCount(deviceReadings, d!.id)) + (await rowCount(deviceReadings, e!.id))).toBe(n);
    // Each once; the SOS may precede the 'online' its device's backlog wrote (live fields keep the bulk order).
    expect((await events(d!.id)).map((x) => `${x.type}:${x.name}`).sort()).toEqual(['alarm:sos', 'online:null']);
    expect((await events(e!.id)).map((x) => x.type).sort()).toEqual(['call', 'online']);
    // The SOS came after the last will: d is online, as if both had gone through one queue.
    expect(await stateOf(d!.id)).toBe(DEVICE_STATE.online);
    expect(t.app.ingest.depth()).toBe(0);
  });

  it('marks silent devices offline after the report timeout', async () => {
    const [d] = await addDevices(t.app, 1);
    const c = await connect(d!);
    await up(c, d!.imei, { kind: 'telemetry', values: { heartRate: 70 } });
    await until(async () => (await stateOf(d!.id)) === DEVICE_STATE.online, 5_000, 'online');
    expect(await t.app.ingest.sweep()).toBe(0);
    t.clock.advance((t.app.config.deviceTimeoutS + 1) * 1000);
    expect(await t.app.ingest.sweep()).toBeGreaterThanOrEqual(1);
    expect(await stateOf(d!.id)).toBe(DEVICE_STATE.offline);
    expect((await events(d!.id)).at(-1)!.type).toBe('offline');
    // The next message brings it back.
    await up(c, d!.imei, { kind: 'telemetry', values: { heartRate: 71 } });
    await until(async () => (await stateOf(d!.id)) === DEVICE_STATE.online, 5_000, 'online again');
  });

  it('applies a command ack to the device_commands row', async () => {
    const [d] = await addDevices(t.app, 1);
    const [cmd] = await t.app.db
      .insert(deviceCommands)
      .values({ tenantId: d!.tenantId, deviceId: d!.id, imei: d!.imei, cmd: 'locate', status: DELIVERY.sent })
      .returning({ id: deviceCommands.id });
    const c = await connect(d!);
    await up(c, d!.imei, { kind: 'ack', ref: cmd!.id, ok: true, msg: 'done' }, 'cbor');
    const row = await until(
      async () => {
        const [r] = await t.app.db
          .select()
          .from(deviceCommands)
          .where(and(eq(deviceCommands.id, cmd!.id), eq(deviceCommands.ackOk, true)));
        return r;
      },
      5_000,
      'ack',
    );
    expect(row).toMatchObject({ ackOk: true, ackMsg: 'done', status: DELIVERY.sent });
  });

  it('serves POST /api/device/ingest/stats to super administrators only', async () => {
    const su = await login(t.app, 'admin', 'admin123');
    const ok = await post<{ received: number; queued: number; dropped: Record<string, number> }>(
      t.app,
      '/api/device/ingest/stats',
      {},
      { token: su.token },
    );
    expect(ok.code).toBe(0);
    expect(ok.data.received).toBeGreaterThan(0);
    expect(ok.data.dropped).toHaveProperty('overload');
    const demo = await login(t.app, 'demo', 'demo123');
    const no = await post(t.app, '/api/device/ingest/stats', {}, { token: demo.token });
    expect(no.key).toBe('noPermission');
  });
});
