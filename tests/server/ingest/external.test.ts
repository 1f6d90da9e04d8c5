import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { deviceEvents, deviceReadings } from '../../../src/server/db/schema';
import { buildReplica, buildTestApp, type TestApp } from '../helper';
import { addDevices, until, type TestDevice } from '../ingest-helper';

const MQTT_URL = process.env.MQTT_URL;
const N = 2000;

// Two service processes on one PostgreSQL database reading one shared subscription group.
describe.skipIf(!MQTT_URL || !process.env.DATABASE_URL)(
  'ingest through an external broker, two service instances',
  () => {
    const group = `test-${randomBytes(4).toString('hex')}`;
    let t: TestApp;
    let second: FastifyInstance;
    let fleet: TestDevice[];

    beforeAll(async () => {
      t = await buildTestApp({ config: { ingestGroup: group } });
      second = await buildReplica(t, { ingestGroup: group });
      await Promise.all([t.app.ingest.subscribed, second.ingest.subscribed]);
      fleet = await addDevices(t.app, 20);
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    it('stores each of N messages exactly once, split between both processes', async () => {
      const client = await mqtt.connectAsync(MQTT_URL!, { reconnectPeriod: 0 });
      try {
        for (let i = 0; i < N; i += 200) {
          await Promise.all(
            Array.from({ length: Math.min(200, N - i) }, (_, k) => {
              const n = i + k;
              const d = fleet[n % fleet.length]!;
              return client.publishAsync(
                topics.deviceUp(d.imei),
                JSON.stringify({ kind: 'telemetry', id: `m${n}`, values: { steps: n } }),
                { qos: 1 },
              );
            }),
          );
        }
      } finally {
        await client.endAsync();
      }
      const ids = fleet.map((d) => d.id);
      const stored = async () =>
        (await t.app.db.select({ n: count() }).from(deviceReadings).where(inArray(deviceReadings.deviceId, ids)))[0]!.n;
      await until(async () => (await stored()) >= N, 20_000, `${N} readings`);
      await Promise.all([t.app.ingest.drain(), second.ingest.drain()]);
      await new Promise((r) => setTimeout(r, 300));
      expect(await stored()).toBe(N);
      const a = t.app.ingestStats.stored;
      const b = second.ingestStats.stored;
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      expect(a + b).toBeGreaterThanOrEqual(N);
    });

    it('stores urgent messages amid bulk traffic once each, redeliveries included', async () => {
      const ids = fleet.map((d) => d.id);
      const alarms = async () =>
        (
          await t.app.db
            .select({ n: count() })
            .from(deviceEvents)
            .where(and(inArray(deviceEvents.deviceId, ids), eq(deviceEvents.type, 'alarm')))
        )[0]!.n;
      const readings = async () =>
        (await t.app.db.select({ n: count() }).from(deviceReadings).where(inArray(deviceReadings.deviceId, ids)))[0]!.n;
      const [alarmsBefore, readingsBefore] = [await alarms(), await readings()];
      const client = await mqtt.connectAsync(MQTT_URL!, { reconnectPeriod: 0 });
      const sos = N / 100;
      try {
        for (let i = 0; i < N; i += 200) {
          const sends: Promise<unknown>[] = [];
          for (let n = i; n < Math.min(N, i + 200); n++) {
            const d = fleet[n % fleet.length]!;
            sends.push(
              client.publishAsync(
                topics.deviceUp(d.imei),
                JSON.stringify({ kind: 'telemetry', id: `u${n}`, values: { steps: n } }),
                { qos: 1 },
              ),
            );
            if (n % 100 === 0) {
              // Each SOS twice, as a QoS 1 redelivery would bring it (to either process).
              const body = JSON.stringify({ kind: 'alarm', alarm: 'sos', id: `sos${n}` });
              for (let k = 0; k < 2; k++) sends.push(client.publishAsync(topics.deviceUp(d.imei), body, { qos: 1 }));
            }
          }
          await Promise.all(sends);
        }
      } finally {
        await client.endAsync();
      }
      await until(
        async () => (await readings()) >= readingsBefore + N && (await alarms()) >= alarmsBefore + sos,
        // Within the test's own time, so a shortfall says what it waited for.
        20_000,
        'readings and alarms',
      );
      await Promise.all([t.app.ingest.drain(), second.ingest.drain()]);
      await new Promise((r) => setTimeout(r, 300));
      expect(await alarms()).toBe(alarmsBefore + sos);
      expect(await readings()).toBe(readingsBefore + N);
    });
  },
);
