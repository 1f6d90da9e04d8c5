import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { LonLat } from '../../../src/shared/geo/fence';
import { alarmRecords } from '../../../src/server/db/schema';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, type TestDevice } from '../ingest-helper';

/**
 * What the fence evaluation tests share: one app per test file, its default dwell 0 (a crossing
 * raises at once, as before dwell existed; the dwell tests give their fences one, docs/fences.md),
 * the demo administrator's token, fences round a centre and the fence alarms a device raised.
 */

// Live bindings: set by useFenceApp's beforeAll, read by the tests once it has run.
export let t: TestApp;
export let demo: string;
export const C: LonLat = [114.06, 22.54];
/** `m` metres north of the centre (negative: south). */
export const north = (m: number): LonLat => [C[0], C[1] + m / 111_195];

/** Builds the app (embedded broker, no dwell) before the file's tests and closes it after them. */
export function useFenceApp() {
  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true, config: { fenceDwellS: 0 } });
    demo = (await login(t.app, 'demo', 'demo123')).token;
  });
  afterAll(() => t?.close());
}

export async function fenceAlarms(d: TestDevice) {
  const rows = await t.app.db
    .select()
    .from(alarmRecords)
    .where(and(eq(alarmRecords.deviceId, d.id), inArray(alarmRecords.type, [3, 20, 21])));
  return rows.sort((a, b) => a.id - b.id);
}
export const typesOf = async (d: TestDevice) => (await fenceAlarms(d)).map((r) => r.type);

export async function addFence(body: object): Promise<number> {
  const res = await post<{ id: number }>(
    t.app,
    '/api/device/fence/add',
    { name: 'Gate', type: 1, shape: 0, radius: 100, longitude: C[0], latitude: C[1], ...body },
    { token: demo },
  );
  if (res.code !== 0) throw new Error(`fence/add: ${res.msg}`);
  return res.data.id;
}
export const device = async () => (await addDevices(t.app, 1))[0]!;
