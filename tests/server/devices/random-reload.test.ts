import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY } from '../../../src/shared/codes';
import type { CommandAck, RefreshAnswer } from '../../../src/shared/devices/api';
import { decodePayload } from '../../../src/shared/devices/codec';
import { topics } from '../../../src/shared/topics';
import { deviceCommands, devices } from '../../../src/server/db/schema';
import { applyAck } from '../../../src/server/devices/commands';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin, type Row } from '../org-helper';

let t: TestApp;
let demo: string;
let other: string;
let visitor: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Refresh Other', 'refreshother')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
});
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

async function newDevice(kind: string, online: boolean) {
  const imei = rnd();
  const added = await api<Row>('device/add', { imei, kind, messageType: 'json' });
  if (added.code !== 0) throw new Error(added.msg);
  if (online) await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, imei));
  return imei;
}

describe('command/refresh and command/acks (/randomReload)', () => {
  it('asks the chosen online devices for a report (every kind obeys it), skips offline and unknown ones', async () => {
    const smoke = await newDevice('smoke', true);
    const button = await newDevice('fireButton', true);
    const offline = await newDevice('helmet', false);
    const unknown = rnd();
    const got: unknown[] = [];
    const off = await t.app.broker.subscribe(
      topics.deviceServer(smoke),
      (_topic, payload) => void got.push(decodePayload(payload).value),
    );
    const res = await api<RefreshAnswer>('command/refresh', { imeis: [smoke, button, offline, unknown] });
    expect(res.code).toBe(0);
    expect(res.data.asked.map((a) => a.imei).sort()).toEqual([smoke, button].sort());
    expect(res.data.asked.every((a) => a.status === DELIVERY.sent)).toBe(true);
    expect(res.data.skipped).toEqual(
      expect.arrayContaining([
        { imei: offline, key: 'deviceOffline' },
        { imei: unknown, key: 'notFound' },
      ]),
    );
    for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await off();
    const id = res.data.asked.find((a) => a.imei === smoke)!.id;
    expect(got[0]).toMatchObject({ kind: 'command', id, cmd: 'report', params: {} });

    // Acks arrive: command/acks says which answered, which did not yet.
    const ids = res.data.asked.map((a) => a.id);
    const before = await api<{ rows: CommandAck[] }>('command/acks', { ids });
    expect(before.data.rows.every((a) => a.ackOk === null)).toBe(true);
    const dev = (await t.app.deviceCache.get(smoke))!;
    await applyAck(t.app, dev, { ref: id, ok: true, msg: 'reported' }, new Date());
    const after = await api<{ rows: CommandAck[] }>('command/acks', { ids });
    expect(after.data.rows.find((a) => a.id === id)).toMatchObject({ ackOk: true, ackMsg: 'reported' });
    expect(after.data.rows.find((a) => a.id !== id)!.ackOk).toBeNull();
    // Another tenant learns nothing about these commands.
    expect((await api<{ rows: CommandAck[] }>('command/acks', { ids }, other)).data.rows).toEqual([]);
  });

  it('a random sample takes online devices of the scope only, at most the size asked, of the kind asked', async () => {
    for (let i = 0; i < 3; i++) await newDevice('gas', true);
    await newDevice('gas', false);
    const res = await api<RefreshAnswer>('command/refresh', { sample: 2, kind: 'gas' });
    expect(res.code).toBe(0);
    expect(res.data.asked).toHaveLength(2);
    const rows = await t.app.db.select().from(devices).where(eq(devices.kind, 'gas'));
    const online = new Set(rows.filter((r) => r.state === 1).map((r) => r.imei));
    expect(res.data.asked.every((a) => online.has(a.imei))).toBe(true);
    const cmds = await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, res.data.asked[0]!.id));
    expect(cmds[0]!.cmd).toBe('report');
    // The other tenant has no online gas sensors: nobody is asked.
    expect((await api<RefreshAnswer>('command/refresh', { sample: 5, kind: 'gas' }, other)).data.asked).toEqual([]);
  });

  it('validates: one of sample or imeis, at most 500; visitors are refused', async () => {
    expect(await api('command/refresh', {})).toMatchObject({ code: 400, key: 'nothingSelected' });
    expect((await api('command/refresh', { sample: 501 })).code).toBe(400);
    expect((await api('command/refresh', { sample: 2, imeis: [rnd()] })).code).toBe(400);
    expect((await api('command/refresh', { imeis: ['12'] })).code).toBe(400);
    expect((await api('command/refresh', { sample: 1 }, visitor)).code).toBe(403);
    expect((await api('command/acks', { ids: [] })).code).toBe(400);
  });
});
