import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY } from '../../../src/shared/codes';
import type { CommandAnswer, SettingsAnswer } from '../../../src/shared/devices/api';
import { decodePayload } from '../../../src/shared/devices/codec';
import { DEFAULT_SETTINGS } from '../../../src/shared/devices/settings';
import { topics } from '../../../src/shared/topics';
import { deviceCommands, devices } from '../../../src/server/db/schema';
import { applyAck } from '../../../src/server/devices/commands';
import type { KnownDevice } from '../../../src/server/devices/hub';
import { post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin, type Row } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let other: string;
let visitor: string;

beforeAll(async () => {
  ({ t, su, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
});
afterAll(() => t?.close());

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${path}`, body, { token });
const rnd = () => `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

/** A device of the demo site with a random IMEI (parallel test files share one Mosquitto). */
async function newDevice(kind: string, opts: { online?: boolean; messageType?: 'json' | 'cbor' } = {}) {
  const imei = rnd();
  const added = await api<Row>('device/add', { imei, kind, messageType: opts.messageType ?? 'json' });
  if (added.code !== 0) throw new Error(added.msg);
  if (opts.online) await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, imei));
  return { id: added.data.id, imei };
}

/** Collects what the service publishes to the device. */
async function listen(imei: string) {
  const got: { value: unknown; encoding: string }[] = [];
  const off = await t.app.broker.subscribe(
    topics.deviceServer(imei),
    (_topic, payload) => void got.push(decodePayload(payload)),
  );
  const next = async (n = 1) => {
    for (let i = 0; i < 100 && got.length < n; i++) await new Promise((r) => setTimeout(r, 20));
    return got;
  };
  return { got, next, off };
}

const known = async (imei: string): Promise<KnownDevice> => {
  const d = await t.app.deviceCache.get(imei);
  if (!d) throw new Error('unknown');
  return d;
};

describe('command/send', () => {
  it('refuses offline devices, kinds without the command, other tenants and visitors; nothing stored', async () => {
    const stored = await t.app.db.$count(deviceCommands); // the demo seed's (ads on the demo door units)
    const offline = await newDevice('helmet');
    expect((await api('command/send', { imei: offline.imei, cmd: 'locate' })).key).toBe('deviceOffline');
    const button = await newDevice('fireButton', { online: true });
    expect((await api('command/send', { imei: button.imei, cmd: 'restart' })).key).toBe('noCommand');
    const helmet = await newDevice('helmet', { online: true });
    expect((await api('command/send', { imei: helmet.imei, cmd: 'valve', params: { action: 'open' } })).key).toBe(
      'noCommand',
    );
    expect((await api('command/send', { imei: helmet.imei, cmd: 'locate' }, other)).code).toBe(404);
    expect((await api('command/send', { imei: helmet.imei, cmd: 'locate' }, visitor)).code).toBe(403);
    expect((await api('command/send', { imei: helmet.imei, cmd: 'setInterval', params: { seconds: 1 } })).code).toBe(
      400,
    );
    expect(await t.app.db.$count(deviceCommands)).toBe(stored);
  });

  it('a locator takes relay; a raw command needs device:rawCommand and printable text', async () => {
    const locator = await newDevice('locator', { online: true });
    expect((await api('command/send', { imei: locator.imei, cmd: 'relay', params: { on: true } })).code).toBe(0);
    const helmet = await newDevice('helmet', { online: true });
    expect((await api('command/send', { imei: helmet.imei, cmd: 'relay', params: { on: true } })).key).toBe(
      'noCommand',
    );
    expect(
      (await api('command/send', { imei: locator.imei, cmd: 'custom', params: { text: 'WHERE#' } }, su)).code,
    ).toBe(0);
    expect((await api('command/send', { imei: locator.imei, cmd: 'custom', params: { text: '定位' } }, su)).code).toBe(
      400,
    );
    expect(
      (await api('command/send', { imei: locator.imei, cmd: 'custom', params: { text: 'WHERE#' } }, visitor)).code,
    ).toBe(403);
  });

  it('publishes to an online device in its encoding and logs the delivery; acks update it', async () => {
    for (const messageType of ['json', 'cbor'] as const) {
      const d = await newDevice('helmet', { online: true, messageType });
      const l = await listen(d.imei);
      const res = await api<CommandAnswer>('command/send', { imei: d.imei, cmd: 'broadcast', params: { mp3: '' } });
      expect(res.code).toBe(0);
      expect(res.key).toBe('commandSent');
      expect(res.data.status).toBe(DELIVERY.sent);
      const [msg] = await l.next();
      await l.off();
      expect(msg).toEqual({
        encoding: messageType,
        value: { kind: 'command', id: res.data.id, cmd: 'broadcast', params: { mp3: '' } },
      });
      const [row] = await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, res.data.id));
      expect(row).toMatchObject({
        status: 3,
        cmd: 'broadcast',
        params: '{"mp3":""}',
        operatorName: 'Demo administrator',
        imei: d.imei,
      });
      expect(row!.sentAt).toBeInstanceOf(Date);

      const at = new Date('2026-01-01T00:00:00Z');
      await applyAck(t.app, await known(d.imei), { ref: res.data.id, ok: false, msg: 'busy' }, at);
      const [acked] = await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, res.data.id));
      expect(acked).toMatchObject({ status: 4, ackOk: false, ackMsg: 'busy', ackAt: at });
    }
    // Super administrators command any tenant's device.
    const d = await newDevice('gas', { online: true });
    expect(
      (await api<CommandAnswer>('command/send', { imei: d.imei, cmd: 'valve', params: { action: 'close' } }, su)).data
        .status,
    ).toBe(3);
    const list = await api<{ rows: Row[] }>('command/list', { filters: { imei: d.imei } });
    expect(list.data.rows.map((r) => r.cmd)).toEqual(['valve']);
    expect((await api<{ rows: Row[] }>('command/list', { filters: { imei: d.imei } }, other)).data.rows).toEqual([]);
  });

  it("ignores an ack for another device's command", async () => {
    const a = await newDevice('watch', { online: true });
    const b = await newDevice('watch', { online: true });
    const res = await api<CommandAnswer>('command/send', { imei: a.imei, cmd: 'locate' });
    await applyAck(t.app, await known(b.imei), { ref: res.data.id, ok: true }, new Date());
    const [row] = await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, res.data.id));
    expect(row!.ackOk).toBeNull();
  });
});

describe('settings', () => {
  it('answers the defaults, validates, stores a version and pushes to an online device; the ack moves ackedVersion', async () => {
    const d = await newDevice('wristband', { online: true, messageType: 'cbor' });
    const got = await api<SettingsAnswer>('settings/get', { imei: d.imei });
    expect(got.data).toEqual({ settings: DEFAULT_SETTINGS, version: 0, ackedVersion: 0 });
    const bad = { ...DEFAULT_SETTINGS, limits: { heartRate: { low: 130, high: 100, interval: 5 } } };
    const refused = await api('settings/save', { imei: d.imei, settings: bad });
    expect(refused.code).toBe(400);
    expect(JSON.stringify(refused)).toContain('lowAboveHigh');
    expect((await api('settings/save', { imei: d.imei, settings: DEFAULT_SETTINGS }, visitor)).code).toBe(403);
    expect((await api('settings/get', { imei: d.imei }, other)).code).toBe(404);

    const l = await listen(d.imei);
    const settings = { ...DEFAULT_SETTINGS, welcome: 'Hi', limits: { heartRate: { low: 40, high: 150, interval: 2 } } };
    const saved = await api<{ commandId: number; version: number; status: number }>('settings/save', {
      imei: d.imei,
      settings,
    });
    expect(saved.data).toMatchObject({ version: 1, status: 3 });
    const [msg] = await l.next();
    await l.off();
    expect(msg!.encoding).toBe('cbor');
    expect(msg!.value).toMatchObject({ kind: 'settings', id: saved.data.commandId, settings: { welcome: 'Hi' } });
    const after = await api<SettingsAnswer>('settings/get', { imei: d.imei });
    expect(after.data.settings.limits.heartRate).toEqual({ low: 40, high: 150, interval: 2 });
    expect(after.data.settings.limits.bodyTemp).toEqual(DEFAULT_SETTINGS.limits.bodyTemp);
    expect(after.data).toMatchObject({ version: 1, ackedVersion: 0 });

    await applyAck(t.app, await known(d.imei), { ref: saved.data.commandId, ok: true, msg: 'ok' }, new Date());
    expect((await api<SettingsAnswer>('settings/get', { imei: d.imei })).data.ackedVersion).toBe(1);
  });

  it('keeps a change for an offline device and pushes the newest one when it comes online', async () => {
    const d = await newDevice('watch');
    const first = await api<{ commandId: number; status: number }>('settings/save', {
      imei: d.imei,
      settings: { ...DEFAULT_SETTINGS, welcome: 'one' },
    });
    const second = await api<{ commandId: number; status: number; version: number }>('settings/save', {
      imei: d.imei,
      settings: { ...DEFAULT_SETTINGS, welcome: 'two' },
    });
    expect([first.data.status, second.data.status, second.data.version]).toEqual([1, 1, 2]);
    const l = await listen(d.imei);
    await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, d.imei));
    t.app.deviceHub.emit('online', await known(d.imei));
    const [msg] = await l.next();
    await l.off();
    expect(msg!.value).toMatchObject({ kind: 'settings', id: second.data.commandId, settings: { welcome: 'two' } });
    for (let i = 0; i < 50; i++) {
      const [row] = await t.app.db
        .select({ status: deviceCommands.status })
        .from(deviceCommands)
        .where(eq(deviceCommands.id, second.data.commandId));
      if (row!.status === 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const rows = await t.app.db
      .select({ id: deviceCommands.id, status: deviceCommands.status })
      .from(deviceCommands)
      .where(eq(deviceCommands.imei, d.imei))
      .orderBy(deviceCommands.id);
    expect(rows.map((r) => r.status)).toEqual([1, 3]);
  });

  it('pushes each device its own newest pending settings when several come online in one turn', async () => {
    const [a, b, c] = [await newDevice('watch'), await newDevice('watch'), await newDevice('watch')];
    const saved = new Map<string, number>();
    for (const [d, welcome] of [
      [a, 'a1'],
      [a, 'a2'],
      [b, 'b1'],
    ] as const) {
      const r = await api<{ commandId: number }>('settings/save', {
        imei: d.imei,
        settings: { ...DEFAULT_SETTINGS, welcome },
      });
      saved.set(welcome, r.data.commandId);
    }
    const [la, lb] = [await listen(a.imei), await listen(b.imei)];
    await t.app.db
      .update(devices)
      .set({ state: 1 })
      .where(inArray(devices.imei, [a.imei, b.imei, c.imei]));
    // c has nothing pending: it shares the look-up and must not disturb the others' answers.
    const online = await Promise.all([a, b, c].map((d) => known(d.imei)));
    for (const k of online) t.app.deviceHub.emit('online', k);
    const [[ma], [mb]] = await Promise.all([la.next(), lb.next()]);
    await Promise.all([la.off(), lb.off()]);
    expect(ma!.value).toMatchObject({ kind: 'settings', id: saved.get('a2'), settings: { welcome: 'a2' } });
    expect(mb!.value).toMatchObject({ kind: 'settings', id: saved.get('b1'), settings: { welcome: 'b1' } });
  });
});
