import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY } from '../../../src/shared/codes';
import type { CommandAnswer } from '../../../src/shared/devices/api';
import { decodePayload } from '../../../src/shared/devices/codec';
import type { ListResult } from '../../../src/shared/resources/list';
import { topics } from '../../../src/shared/topics';
import { deviceCommands, devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin, type Row } from '../org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Breaker Other Co', 'breakerother')).token;
});
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

async function newDevice(
  kind: string,
  opts: { online?: boolean; lastValues?: Record<string, number>; gatewayId?: number; token?: string } = {},
) {
  const imei = rnd();
  const added = await api<Row>(
    'device/add',
    { imei, kind, messageType: 'json', ...(opts.gatewayId ? { gatewayId: opts.gatewayId } : {}) },
    opts.token,
  );
  if (added.code !== 0) throw new Error(`${added.key}: ${added.msg}`);
  await t.app.db
    .update(devices)
    .set({ state: opts.online ? 1 : 0, lastValues: opts.lastValues ?? {} })
    .where(eq(devices.imei, imei));
  return { id: added.data.id, imei };
}

const sent = async (imei: string) =>
  (await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.imei, imei))).length;

describe('breaker commands', () => {
  it('opens an online breaker: switch singleOff published, delivery sent', async () => {
    const b = await newDevice('breaker', { online: true, lastValues: { closed: 1, locked: 0 } });
    const got: unknown[] = [];
    const off = await t.app.broker.subscribe(
      topics.deviceServer(b.imei),
      (_topic, payload) => void got.push(decodePayload(payload).value),
    );
    const res = await api<CommandAnswer>('command/send', {
      imei: b.imei,
      cmd: 'switch',
      params: { mode: 'singleOff' },
    });
    expect(res.code).toBe(0);
    expect(res.data.status).toBe(DELIVERY.sent);
    for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await off();
    expect(got[0]).toEqual({ kind: 'command', id: res.data.id, cmd: 'switch', params: { mode: 'singleOff' } });
  });

  it('locks and unlocks: the lock commands exist for breakers only', async () => {
    const b = await newDevice('breaker', { online: true });
    expect((await api('command/send', { imei: b.imei, cmd: 'lock' })).code).toBe(0);
    expect((await api('command/send', { imei: b.imei, cmd: 'unlock' })).code).toBe(0);
    const helmet = await newDevice('helmet', { online: true });
    expect((await api('command/send', { imei: helmet.imei, cmd: 'lock' })).key).toBe('noCommand');
  });

  it('refuses an offline breaker with "device offline", and stores nothing', async () => {
    const b = await newDevice('breaker', { online: false });
    const res = await api('command/send', { imei: b.imei, cmd: 'switch', params: { mode: 'singleOn' } });
    expect(res.code).toBe(400);
    expect(res.key).toBe('deviceOffline');
    expect(res.msg).toBe('Device offline');
    expect(await sent(b.imei)).toBe(0);
  });

  it('refuses open and close of a locked breaker until unlocked; unlock itself goes through', async () => {
    const b = await newDevice('breaker', { online: true, lastValues: { closed: 1, locked: 1 } });
    for (const mode of ['singleOff', 'singleOn']) {
      const res = await api('command/send', { imei: b.imei, cmd: 'switch', params: { mode } });
      expect(res.key).toBe('deviceLocked');
    }
    expect(await sent(b.imei)).toBe(0);
    expect((await api('command/send', { imei: b.imei, cmd: 'unlock' })).code).toBe(0);
    await t.app.db
      .update(devices)
      .set({ lastValues: { closed: 1, locked: 0 } })
      .where(eq(devices.imei, b.imei));
    expect((await api('command/send', { imei: b.imei, cmd: 'switch', params: { mode: 'singleOff' } })).code).toBe(0);
  });

  it('refuses a breaker behind an offline gateway: it cannot be reached', async () => {
    const gw = await newDevice('gateway4g', { online: false });
    const b = await newDevice('breaker', { online: true, gatewayId: gw.id });
    expect((await api('command/send', { imei: b.imei, cmd: 'switch', params: { mode: 'singleOff' } })).key).toBe(
      'gatewayOffline',
    );
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.id, gw.id));
    expect((await api('command/send', { imei: b.imei, cmd: 'switch', params: { mode: 'singleOff' } })).code).toBe(0);
  });

  it("another tenant's breaker is not found, and its gateway cannot be chosen", async () => {
    const b = await newDevice('breaker', { online: true });
    expect(
      (await api('command/send', { imei: b.imei, cmd: 'switch', params: { mode: 'singleOff' } }, other)).code,
    ).toBe(404);
    expect(await sent(b.imei)).toBe(0);
    const foreignGateway = await newDevice('gateway4g', { token: other });
    const added = await api('device/add', {
      imei: rnd(),
      kind: 'breaker',
      messageType: 'json',
      gatewayId: foreignGateway.id,
    });
    expect(added.key).toBe('refInvalid');
    // Only a 4G gateway can be a gateway.
    const helmet = await newDevice('helmet');
    expect(
      (await api('device/add', { imei: rnd(), kind: 'breaker', messageType: 'json', gatewayId: helmet.id })).key,
    ).toBe('refInvalid');
  });
});

describe('breaker and gateway lists', () => {
  it('lists breakers with their reported state and filters by it; a gateway lists its sub-devices', async () => {
    const gw = await newDevice('gateway4g', { online: false, lastValues: { traffic: 12.5, subDevices: 2 } });
    const open = await newDevice('breaker', {
      online: true,
      gatewayId: gw.id,
      lastValues: { closed: 0, locked: 1, voltage: 221.5, current: 0, power: 0 },
    });
    const closed = await newDevice('breaker', {
      online: true,
      gatewayId: gw.id,
      lastValues: { closed: 1, locked: 0, voltage: 219, current: 5.2, power: 1082 },
    });
    const list = async (filters: Record<string, unknown>, token = demo) =>
      (await api<ListResult<Row>>('device/list', { page: 1, size: 100, filters })).data.rows.filter(
        () => token === demo,
      );

    const rows = await list({ kind: 'breaker', gatewayId: gw.id });
    const byImei = new Map(rows.map((r) => [r.imei, r]));
    expect(byImei.get(open.imei)).toMatchObject({
      closed: 0,
      locked: 1,
      voltage: 221.5,
      power: 0,
      gatewayId: gw.id,
      gatewayState: 0,
    });
    expect(byImei.get(closed.imei)).toMatchObject({ closed: 1, locked: 0, current: 5.2, power: 1082 });

    expect((await list({ kind: 'breaker', gatewayId: gw.id, closed: 0 })).map((r) => r.imei)).toEqual([open.imei]);
    expect((await list({ kind: 'breaker', gatewayId: gw.id, locked: 0 })).map((r) => r.imei)).toEqual([closed.imei]);
    expect((await api('device/list', { page: 1, size: 10, filters: { closed: 'yes' } })).key).toBe('filterInvalid');

    const [g] = await list({ kind: 'gateway4g', imei: gw.imei });
    expect(g).toMatchObject({ subDevices: 2, traffic: 12.5, state: 0 });

    // Another tenant sees none of them.
    const foreign = await api<ListResult<Row>>(
      'device/list',
      { page: 1, size: 100, filters: { gatewayId: gw.id } },
      other,
    );
    expect(foreign.data.rows).toEqual([]);
  });
});
