import { and, count, eq, inArray, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '../../../src/shared/topics';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { alarmRecords, deviceDeadLetters, deviceEvents, deviceReadings } from '../../../src/server/db/schema';
import type { Outcome } from '../../../src/server/ingest/batch';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, deviceClient, until, type TestDevice } from '../ingest-helper';
import type { DeadLetterRow } from '../../../src/shared/devices/api';

const MQTT_URL = process.env.MQTT_URL;
// The embedded broker always; the external one (Mosquitto in CI) when MQTT_URL is set.
const BROKERS: ['embedded' | 'external', boolean][] = [
  ['embedded', true],
  ...(MQTT_URL ? [['external', false] as ['external', boolean]] : []),
];

const deadLettersOf = (t: TestApp, id: number) =>
  t.app.db.select().from(deviceDeadLetters).where(eq(deviceDeadLetters.deviceId, id));

describe.each(BROKERS)('one bad device message among good ones (%s broker)', (_name, embedded) => {
  let t: TestApp;
  let url: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: embedded });
    url = embedded ? `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}` : MQTT_URL!;
    await t.app.ingest.subscribed;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})));
  });
  afterAll(() => t?.close());

  const connect = async (d: TestDevice) => {
    const c = embedded ? await deviceClient(url, d) : await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    clients.push(c);
    return c;
  };

  it('stores the 20 good alarms sent in the same instant as one with a NUL byte, and keeps that one as a dead letter', async () => {
    const fleet = await addDevices(t.app, 21);
    const conns = await Promise.all(fleet.map(connect));
    const bad = fleet[20]!;
    const badPayload = Buffer.from(
      JSON.stringify({ kind: 'alarm', id: 'a-bad', alarm: 'fault', note: 'sensor \u0000 broken' }),
    );
    const sent = fleet.map((d, i) =>
      conns[i]!.publishAsync(
        topics.deviceUp(d.imei),
        i === 20 ? badPayload : JSON.stringify({ kind: 'alarm', id: `a-${i}`, alarm: 'sos', note: `worker ${i}` }),
        { qos: 1 },
      ),
    );
    // Every PUBLISH is acknowledged. On the embedded broker the PUBACK comes after the row (or the
    // dead letter) is committed; an external broker acknowledges on receipt and hands the message
    // to the service, which acknowledges it to the broker after the commit.
    await Promise.all(sent);
    const good = fleet.slice(0, 20).map((d) => d.id);
    const storedAlarms = async () =>
      (
        await t.app.db
          .select({ n: count() })
          .from(deviceEvents)
          .where(and(inArray(deviceEvents.deviceId, good), eq(deviceEvents.type, 'alarm')))
      )[0]!.n;
    if (!embedded)
      await until(
        async () => (await storedAlarms()) >= 20 && (await deadLettersOf(t, bad.id)).length > 0,
        10_000,
        'the alarms',
      );
    expect(await storedAlarms()).toBe(20);
    const letters = await deadLettersOf(t, bad.id);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.reason).toBe('malformed');
    expect(letters[0]!.error).toMatch(/note.*NUL/);
    expect(Buffer.compare(letters[0]!.payload, badPayload)).toBe(0);
    expect(letters[0]!.topic).toBe(topics.deviceUp(bad.imei));
    const [badEvents] = await t.app.db
      .select({ n: count() })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.deviceId, bad.id), eq(deviceEvents.type, 'alarm')));
    expect(badEvents!.n).toBe(0);

    // Administrators read it in the device's detail; the health endpoint counts it.
    const token = await login(t.app, 'demo', 'demo123');
    const list = await post(t.app, '/api/device/deadLetter/list', { imei: bad.imei }, token);
    expect(list.code).toBe(0);
    const data = list.data as { rows: DeadLetterRow[]; total: number };
    expect(data.total).toBe(1);
    expect(data.rows[0]!.payload).toContain('sensor');
    expect(Buffer.from(data.rows[0]!.payloadBase64, 'base64').equals(badPayload)).toBe(true);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().data.deadLetters).toBeGreaterThanOrEqual(1);
  });
});

describe('isolation inside a batch the database refuses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
    // A database that refuses one value, standing in for any row it cannot store.
    await t.app.db.execute(sql`
      create or replace function refuse_666() returns trigger language plpgsql as $$
      begin
        if new.value = 666 then raise exception 'value 666 refused by test trigger'; end if;
        return new;
      end $$`);
    await t.app.db.execute(
      sql`create trigger refuse_666 before insert on device_events for each row execute function refuse_666()`,
    );
  });
  afterAll(() => t?.close());

  const send = (imei: string, message: object) =>
    new Promise<Outcome>((resolve) =>
      t.app.ingest.handle(topics.deviceUp(imei), Buffer.from(JSON.stringify(message)), null, resolve),
    );

  it('stores every other message of the batch and keeps the refused one as a dead letter', async () => {
    const fleet = await addDevices(t.app, 10);
    const outcomes = Promise.all(
      fleet.flatMap((d, i) => [
        send(d.imei, { kind: 'telemetry', id: `t${i}`, values: { heartRate: 70 + i } }),
        send(d.imei, { kind: 'alarm', id: `e${i}`, alarm: 'button', value: i === 3 ? 666 : i }),
      ]),
    );
    const got = await outcomes;
    expect(got.filter((o) => o === 'stored')).toHaveLength(19);
    expect(got.filter((o) => o === 'refused')).toHaveLength(1);
    const ids = fleet.map((d) => d.id);
    const [readings] = await t.app.db
      .select({ n: count() })
      .from(deviceReadings)
      .where(inArray(deviceReadings.deviceId, ids));
    const [events] = await t.app.db
      .select({ n: count() })
      .from(deviceEvents)
      .where(and(inArray(deviceEvents.deviceId, ids), eq(deviceEvents.type, 'alarm')));
    expect(readings!.n).toBe(10);
    expect(events!.n).toBe(9);
    const letters = await deadLettersOf(t, fleet[3]!.id);
    expect(letters.map((l) => l.reason)).toEqual(['failed']);
    expect(letters[0]!.error).toContain('value 666 refused');
    expect(JSON.parse(letters[0]!.payload.toString())).toMatchObject({ id: 'e3', value: 666 });
    expect(t.app.ingestStats.dropped.rejected).toBeGreaterThanOrEqual(1);
  });

  it("raises the alarms of the other devices when one device's alarm record is refused", async () => {
    const fleet = await addDevices(t.app, 6);
    const victim = fleet[0]!;
    await t.app.db.execute(
      sql.raw(`create or replace function refuse_alarm() returns trigger language plpgsql as $$
        begin
          if new.device_id = ${victim.id} then raise exception 'alarm refused by test trigger'; end if;
          return new;
        end $$`),
    );
    await t.app.db.execute(
      sql`create trigger refuse_alarm before insert on alarm_records for each row execute function refuse_alarm()`,
    );
    const imeis = fleet.map((d) => d.imei);
    await Promise.all(imeis.map((imei, i) => send(imei, { kind: 'alarm', id: `sos${i}`, alarm: 'sos' })));
    await t.app.ingest.drain();
    await t.app.alarmEngine.drain();
    await t.app.deadLetters.drain();
    const raised = await t.app.db
      .select({ imei: alarmRecords.imei })
      .from(alarmRecords)
      .where(inArray(alarmRecords.imei, imeis));
    expect(raised.map((r) => r.imei).sort()).toEqual(imeis.slice(1).sort());
    const letters = await deadLettersOf(t, victim.id);
    expect(letters.map((l) => l.reason)).toEqual(['alarm']);
    expect(JSON.parse(letters[0]!.payload.toString())).toMatchObject({ kind: 'alarm', alarm: 'sos' });
  });

  it('leaves a batch the database cannot take after its retries unacknowledged, and says the device will resend it', async () => {
    const [d] = await addDevices(t.app, 1);
    // A connection failure (SQLSTATE 08006) on every try stands in for a database that is away.
    await t.app.db.execute(
      sql.raw(`create or replace function unreachable_777() returns trigger language plpgsql as $$
        begin
          if new.device_id = ${d!.id} then raise exception 'database away (test)' using errcode = '08006'; end if;
          return new;
        end $$`),
    );
    await t.app.db.execute(
      sql`create trigger unreachable_777 before insert on device_readings for each row execute function unreachable_777()`,
    );
    const said = vi.spyOn(t.app.log, 'error');
    const before = t.app.ingestStats.notStoredResent;
    const failedBefore = t.app.ingestStats.dropped.failed;
    try {
      expect(await send(d!.imei, { kind: 'telemetry', id: 'away-1', values: { steps: 1 } })).toBe('lost');
      expect(t.app.ingestStats.notStoredResent - before).toBe(1);
      expect(t.app.ingestStats.dropped.failed).toBe(failedBefore);
      const line = said.mock.calls.find((c) => String(c[1]).includes('not stored'));
      expect(line?.[1]).toBe('ingest batch not stored, not acknowledged: the device will resend');
      expect(line?.[0]).toMatchObject({ messages: 1 });
      expect(said.mock.calls.some((c) => String(c[1]).includes('dropped'))).toBe(false);
    } finally {
      said.mockRestore();
      await t.app.db.execute(sql`drop trigger unreachable_777 on device_readings`);
    }
  });
});

describe('telemetry plausibility and the per-device rate', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true, config: { deviceRate: { perS: 1, burst: 5 } } });
  });
  afterAll(() => t?.close());

  const send = (imei: string, message: object) =>
    new Promise<Outcome>((resolve) =>
      t.app.ingest.handle(topics.deviceUp(imei), Buffer.from(JSON.stringify(message)), null, resolve),
    );

  it('refuses a reading outside its physical range, counts it and keeps it as a dead letter', async () => {
    const [d] = await addDevices(t.app, 1);
    const before = t.app.ingestStats.dropped.implausible;
    expect(await send(d!.imei, { kind: 'telemetry', values: { heartRate: 1e308 } })).toBe('refused');
    expect(await send(d!.imei, { kind: 'telemetry', values: { battery: 100, bodyTemp: -300 } })).toBe('refused');
    expect(await send(d!.imei, { kind: 'telemetry', values: { heartRate: 180, ambientTemp: 650 } })).toBe('stored');
    expect(t.app.ingestStats.dropped.implausible - before).toBe(2);
    const [readings] = await t.app.db
      .select({ n: count() })
      .from(deviceReadings)
      .where(eq(deviceReadings.deviceId, d!.id));
    expect(readings!.n).toBe(1);
    const letters = await deadLettersOf(t, d!.id);
    expect(letters.map((l) => l.reason)).toEqual(['implausible', 'implausible']);
    expect(letters.map((l) => l.error).join(' ')).toMatch(/heartRate 1e\+308.*bodyTemp -300/);
  });

  it('drops what a device sends beyond its rate, but never its SOS', async () => {
    const [d, other] = await addDevices(t.app, 2);
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 8; i++)
      outcomes.push(await send(d!.imei, { kind: 'telemetry', id: `r${i}`, values: { steps: i } }));
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(3);
    expect(await send(d!.imei, { kind: 'alarm', id: 'sos', alarm: 'sos' })).toBe('stored');
    // Another device's share is its own.
    expect(await send(other!.imei, { kind: 'telemetry', values: { steps: 1 } })).toBe('stored');
    expect(t.app.ingestStats.dropped.rateLimited).toBe(3);
  });
});
