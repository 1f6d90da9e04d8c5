import { randomInt } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { STOCK_STATE } from '../../src/shared/codes';
import { encodePayload, type Encoding } from '../../src/shared/devices/codec';
import { topics } from '../../src/shared/topics';
import { deviceLocations, deviceReadings, devices, tenants } from '../../src/server/db/schema';
import { deviceKey, deviceSecret } from '../../src/server/devices/secrets';

export interface TestDevice {
  id: number;
  imei: string;
  tenantId: number;
  secret: string;
}

/** A random 15-digit IMEI nobody else uses (test files share one Mosquitto). */
export const randomImei = () =>
  `86${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e7)).padStart(7, '0')}`;

export async function tenantIdOf(app: FastifyInstance, name: string): Promise<number> {
  const [row] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
  return row!.id;
}

/** Bound devices with random IMEIs in `tenantId` (default Demo Site), with their MQTT secrets. */
export async function addDevices(
  app: FastifyInstance,
  n: number,
  opts: { tenantId?: number; stockState?: number; kind?: string; messageType?: Encoding } = {},
): Promise<TestDevice[]> {
  const tenantId = opts.tenantId ?? (await tenantIdOf(app, 'Demo Site'));
  const key = await deviceKey(app.db);
  const out: TestDevice[] = [];
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, () => ({
      tenantId,
      imei: randomImei(),
      kind: opts.kind ?? 'helmet',
      state: 0,
      stockState: opts.stockState ?? STOCK_STATE.bound,
      messageType: opts.messageType ?? 'json',
    }));
    const inserted = await app.db.insert(devices).values(rows).returning({
      id: devices.id,
      imei: devices.imei,
      tenantId: devices.tenantId,
      secretVersion: devices.secretVersion,
    });
    for (const d of inserted)
      out.push({ id: d.id, imei: d.imei, tenantId: d.tenantId, secret: deviceSecret(key, d.imei, d.secretVersion) });
  }
  return out;
}

/** A device's MQTT connection with the offline status as its last will. */
export function deviceClient(
  url: string,
  d: Pick<TestDevice, 'imei' | 'secret'>,
  opts: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(
    url,
    {
      username: d.imei,
      password: d.secret,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      will: {
        topic: topics.deviceUp(d.imei),
        payload: Buffer.from(JSON.stringify({ kind: 'status', online: false })),
        qos: 1,
        retain: false,
      },
      ...opts,
    },
    false,
  );
}

export function up(client: MqttClient, imei: string, message: object, encoding: Encoding = 'json'): Promise<unknown> {
  return client.publishAsync(topics.deviceUp(imei), Buffer.from(encodePayload(message, encoding)), { qos: 1 });
}

/** Polls `check` until it returns a truthy value (or throws after `ms`). */
export async function until<T>(check: () => Promise<T> | T, ms = 10_000, what = 'condition'): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A device's newest stored position, if any. */
export async function lastLocation(app: FastifyInstance, deviceId: number) {
  const [row] = await app.db
    .select()
    .from(deviceLocations)
    .where(eq(deviceLocations.deviceId, deviceId))
    .orderBy(desc(deviceLocations.id))
    .limit(1);
  return row;
}

/** `n` telemetry messages with ids `<prefix>-<i>` from `client` (QoS 1), spread over `imeis`; resolves with the ids once the broker acknowledged them all. */
export async function publishTelemetry(
  client: MqttClient,
  imeis: string[],
  prefix: string,
  n: number,
): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
  await Promise.all(
    ids.map((id, i) =>
      client.publishAsync(
        topics.deviceUp(imeis[i % imeis.length]!),
        JSON.stringify({ kind: 'telemetry', id, values: { steps: i } }),
        { qos: 1 },
      ),
    ),
  );
  return ids;
}

/** Waits until every reading of `ids` (message ids) is stored; answers those that never were. */
export async function missingReadings(app: FastifyInstance, ids: string[], ms = 20_000): Promise<string[]> {
  let missing = ids;
  await until(
    async () => {
      const stored = new Set<string | null>();
      for (let i = 0; i < ids.length; i += 5_000) {
        const rows = await app.db
          .select({ id: deviceReadings.msgId })
          .from(deviceReadings)
          .where(inArray(deviceReadings.msgId, ids.slice(i, i + 5_000)));
        for (const r of rows) stored.add(r.id);
      }
      missing = ids.filter((id) => !stored.has(id));
      return missing.length === 0;
    },
    ms,
    'stored messages',
  ).catch(() => {});
  return missing;
}
