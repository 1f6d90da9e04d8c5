import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../src/server/db/schema';
import { deviceKey, deviceSecret } from '../../../src/server/devices/secrets';
import { post, type TestApp } from '../../server/helper';
import { demoApp, type Row } from '../../server/org-helper';
import { MeterReader } from '../../../src/sim/meters';
import { UTILITY_KIND, UTILITY_STATE } from '../../../src/entities/utility-account/resource';
import { accountRow, paidTopup as paidTopupOf } from './test-helpers';
import { utilityAccounts } from '../../../src/entities/utility-account/table';

let t: TestApp;
let demo: string;
let demoTenant: number;

const api = (action: string, body: object, token = demo) =>
  post<Row & Record<string, unknown>>(t.app, `/api/user/utilityAccount/${action}`, body, { token });
const account = (id: number) => accountRow(t.app, id);
const paidTopup = (accountId: number, fen: number) => paidTopupOf(t.app, accountId, fen);

beforeAll(async () => {
  const d = await demoApp();
  t = d.t;
  demo = d.demo;
  demoTenant = d.demoTenant;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('utility accounts', () => {
  it("takes a gateway's readings for its own meters with its device credentials", async () => {
    const [a] = await t.app.db
      .select()
      .from(utilityAccounts)
      .where(
        and(
          eq(utilityAccounts.tenantId, demoTenant),
          eq(utilityAccounts.state, UTILITY_STATE.normal),
          sql`${utilityAccounts.gatewayImei} is not null`,
        ),
      )
      .limit(1);
    const [gw] = await t.app.db.select().from(devices).where(eq(devices.imei, a!.gatewayImei!));
    const auth = `Basic ${Buffer.from(`${gw!.imei}:${deviceSecret(await deviceKey(t.app.db), gw!.imei, gw!.secretVersion)}`).toString('base64')}`;
    const kind = a!.kind === 1 ? 'electricity' : 'water';
    const meters = await t.app.inject({
      method: 'GET',
      url: '/api/user/utilityAccount/meters',
      headers: { authorization: auth },
    });
    expect(
      (meters.json() as { data: { meters: { meterNo: string }[] } }).data.meters.some((m) => m.meterNo === a!.meterNo),
    ).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/utilityAccount/meterReadings',
      headers: { authorization: auth },
      payload: {
        readings: [
          { kind, meterNo: a!.meterNo, reading: a!.lastReading! + 1 },
          { kind, meterNo: a!.meterNo, reading: 0 },
          { kind, meterNo: 'NOPE0000', reading: 1 },
        ],
      },
    });
    const results = (res.json() as { data: { results: { key: string }[] } }).data.results.map((r) => r.key);
    expect(results).toEqual(['ok', 'meterReadingLower', 'notFound']);
    expect((await account(a!.id)).lastReading).toBe(a!.lastReading! + 1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/utilityAccount/meterReadings',
      headers: { authorization: `Basic ${Buffer.from(`${gw!.imei}:wrong`).toString('base64')}` },
      payload: { readings: [{ kind, meterNo: a!.meterNo, reading: 1 }] },
    });
    expect((bad.json() as { key: string }).key).toBe('badCredentials');
  });
  it("the simulator's gateway reads its meters and posts rising readings that are charged", async () => {
    const address = await listening();
    const [a] = await t.app.db
      .select()
      .from(utilityAccounts)
      .where(
        and(
          eq(utilityAccounts.tenantId, demoTenant),
          eq(utilityAccounts.kind, 1),
          sql`${utilityAccounts.gatewayImei} is not null`,
        ),
      )
      .limit(1);
    const [gw] = await t.app.db.select().from(devices).where(eq(devices.imei, a!.gatewayImei!));
    const secret = deviceSecret(await deviceKey(t.app.db), gw!.imei, gw!.secretVersion);
    const lines: string[] = [];
    const reader = new MeterReader(
      address,
      gw!.imei,
      secret,
      (l) => lines.push(l),
      () => true,
    );
    const start = Date.now();
    await reader.tick(start);
    const posted = await reader.tick(start + 60_000);
    expect(lines).toEqual([]);
    expect(posted).toBeGreaterThan(10);
    const after = await account(a!.id);
    expect(after.lastReading!).toBeGreaterThan(a!.lastReading!);
    expect(after.balanceFen).toBeLessThanOrEqual(a!.balanceFen);
  });

  it("closes an account's valve in arrears: its meter takes nothing until a top-up opens it again", async () => {
    const address = await listening();
    const [a] = await t.app.db
      .select()
      .from(utilityAccounts)
      .where(
        and(
          eq(utilityAccounts.tenantId, demoTenant),
          eq(utilityAccounts.kind, UTILITY_KIND.electricity),
          eq(utilityAccounts.state, UTILITY_STATE.normal),
          sql`${utilityAccounts.gatewayImei} is not null`,
        ),
      )
      .limit(1);
    const [gw] = await t.app.db.select().from(devices).where(eq(devices.imei, a!.gatewayImei!));
    const secret = deviceSecret(await deviceKey(t.app.db), gw!.imei, gw!.secretVersion);
    const auth = `Basic ${Buffer.from(`${gw!.imei}:${secret}`).toString('base64')}`;
    const valves = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/utilityAccount/meters',
        headers: { authorization: auth },
      });
      return new Map(
        (res.json() as { data: { meters: { meterNo: string; kind: string; valve: string }[] } }).data.meters.map(
          (m) => [`${m.kind}:${m.meterNo}`, m.valve],
        ),
      );
    };
    expect((await valves()).get(`electricity:${a!.meterNo}`)).toBe('open');
    // Into arrears: a reading that costs more than the balance.
    const rate = Number((await api('get', { id: a!.id })).data.rate);
    expect(rate).toBeGreaterThan(0);
    const kwh = Math.ceil((a!.balanceFen / 100 + 5) / rate);
    const charged = await api('reading', { accountId: a!.id, reading: a!.lastReading! + kwh });
    expect(charged.code, charged.msg).toBe(0);
    expect((await account(a!.id)).state).toBe(UTILITY_STATE.cutOff);
    expect((await valves()).get(`electricity:${a!.meterNo}`)).toBe('closed');
    // The gateway learns it from the meter list: the closed meter's register stands still, the others run.
    const reader = new MeterReader(
      address,
      gw!.imei,
      secret,
      () => undefined,
      () => true,
    );
    const start = Date.now();
    await reader.tick(start);
    const stopped = (await account(a!.id)).lastReading;
    await reader.tick(start + 60_000);
    expect((await account(a!.id)).lastReading).toBe(stopped);
    // Topped up above zero: the next answer opens the valve, and the register runs again.
    await paidTopup(a!.id, 100_000);
    expect((await account(a!.id)).state).not.toBe(UTILITY_STATE.cutOff);
    await reader.tick(start + 120_000);
    await reader.tick(start + 180_000);
    expect((await account(a!.id)).lastReading!).toBeGreaterThan(stopped!);
  });
});

/** The test app's address, listening from the first call on. */
async function listening(): Promise<string> {
  const bound = t.app.server.address();
  return bound && typeof bound === 'object'
    ? `http://127.0.0.1:${bound.port}`
    : t.app.listen({ port: 0, host: '127.0.0.1' });
}
