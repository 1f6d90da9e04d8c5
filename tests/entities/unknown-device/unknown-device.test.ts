import { connect, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_STATE } from '../../../src/shared/codes';
import type { FrameLogAnswer } from '../../../src/shared/devices/api';
import { devices } from '../../../src/server/db/schema';
import { products } from '../../../src/entities/device-product';
import { CODECS } from '../../../src/server/protocols/registry';
import { gt06Frames } from '../../../src/sim/protocols/frames';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { addTenant, addUser, tenantId } from '../../server/fixtures';
import { addDevices, randomImei, until } from '../../server/ingest-helper';
import { protocolUnknownDevices } from '../../../src/entities/unknown-device/table';

/**
 * Unknown protocol devices (docs/protocols.md "Identity"): listed for platform super
 * administrators only, registered in one step (then let in), dismissed; and the raw frame log of
 * a registered device in its tenant's scope.
 */
let t: TestApp;
let port: number;
let su: string;
let demoAdmin: string;
let otherAdmin: string;
let demoUser: string;
let demoTenant: number;
let productId: number;

/** A GT06 device's socket: what the service sent it, and whether it closed the connection. */
class Gt06 {
  readonly socket: Socket;
  got = Buffer.alloc(0);
  closed = false;
  constructor() {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (b) => (this.got = Buffer.concat([this.got, b])));
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('error', () => {});
  }
  login(imei: string) {
    this.socket.write(gt06Frames.login(imei, 1));
  }
}

const api = <T = Record<string, unknown>>(path: string, body: unknown, token = su) =>
  post<T>(t.app, `/api/device/unknownDevice/${path}`, body, { token });
const frames = (imei: string, token: string) =>
  post<FrameLogAnswer>(t.app, '/api/device/device/frames', { imei }, { token });
type Listed = { rows: Record<string, unknown>[]; total: number };

/** A GT06 login under an identifier nobody registered: refused, and its row once the gateway wrote it. */
async function unknownLogin(imei = randomImei()) {
  const d = new Gt06();
  d.login(imei);
  await until(() => d.closed, 5_000, 'the refused connection closed');
  expect(d.got.length).toBe(0);
  const row = await until(
    async () =>
      (await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.identifier, imei)))[0],
    5_000,
    'the unknown row',
  );
  return { imei, id: row!.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  port = await t.app.protocols.listenTcp(CODECS.gt06, 0, '127.0.0.1');
  su = (await login(t.app, 'admin', 'admin123')).token;
  demoAdmin = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  const other = await addTenant(t.app, 'Other Protocols Co');
  await addUser(t.app, { tenant: other, username: 'otherprotoadmin', kind: 'admin' });
  otherAdmin = (await login(t.app, 'otherprotoadmin', 'secret1')).token;
  await addUser(t.app, { tenant: demoTenant, username: 'protoplain' });
  demoUser = (await login(t.app, 'protoplain', 'secret1')).token;
  [{ id: productId }] = (await t.app.db.select({ id: products.id }).from(products).limit(1)) as [{ id: number }];
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('unknown devices', () => {
  it('lists a refused GT06 login for the super administrator with its last frame in hex and decoded', async () => {
    const { imei, id } = await unknownLogin();
    const list = await api<Listed>('list', { keyword: imei });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.rows).toHaveLength(1);
    const row = list.data.rows[0]!;
    expect(row).toMatchObject({
      id,
      identifier: imei,
      protocol: 'gt06',
      remote: '127.0.0.1',
      frames: 1,
      lastFrameText: null,
    });
    expect(row.lastFrameHex).toBe(gt06Frames.login(imei, 1).toString('hex'));
    expect(JSON.parse(row.decoded as string)).toMatchObject({ identifier: imei, uplinks: [] });
    // The export carries the same columns.
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/device/unknownDevice/export',
      payload: { format: 'csv', keyword: imei },
      headers: { authorization: su },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(imei);
    expect(csv.body).toContain(gt06Frames.login(imei, 1).toString('hex'));
  });

  it("shows a watch's last frame as text too, and an unreadable frame as the codec's error", async () => {
    const watchId = randomImei();
    const broken = randomImei();
    await t.app.db.insert(protocolUnknownDevices).values([
      { protocol: 'watch', identifier: watchId, remote: '10.0.0.7', lastFrame: Buffer.from(`[3G*${watchId}*0002*LK]`) },
      { protocol: 'gt06', identifier: broken, remote: '10.0.0.8', lastFrame: Buffer.from('787805', 'hex') },
    ]);
    const watch = (await api<Listed>('list', { keyword: watchId })).data.rows[0]!;
    expect(watch).toMatchObject({ protocol: 'watch', lastFrameText: `[3G*${watchId}*0002*LK]` });
    expect(JSON.parse(watch.decoded as string)).toMatchObject({ identifier: watchId });
    const bad = (await api<Listed>('list', { keyword: broken })).data.rows[0]!;
    expect(bad).toMatchObject({ lastFrameHex: '787805', decoded: expect.stringMatching(/^error: /) });
  });

  it('shows no rows to a tenant administrator and lets none dismiss or register them', async () => {
    const { imei, id } = await unknownLogin();
    for (const token of [demoAdmin, otherAdmin]) {
      // Refused outright without the menu; with it (the demo's administrator holds every menu), no rows.
      expect((await api<Listed>('list', { keyword: imei }, token)).data?.rows ?? []).toEqual([]);
      expect((await api('delete', { ids: [id] }, token)).key).toBe('noPermission');
      expect(
        (await api('register', { id, productId, tenantId: demoTenant, kind: 'locator', name: 'x' }, token)).key,
      ).toBe('noPermission');
    }
    expect(await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id))).toHaveLength(
      1,
    );
  });

  it('registers a row as a device of the tenant, removes the row and lets the device in on its next login', async () => {
    const { imei, id } = await unknownLogin();
    const res = await api<{ deviceId: number; imei: string }>('register', {
      id,
      productId,
      tenantId: demoTenant,
      kind: 'locator',
      name: 'Gate tracker',
    });
    expect(res.code, res.msg).toBe(0);
    const [device] = await t.app.db.select().from(devices).where(eq(devices.imei, imei));
    expect(device).toMatchObject({
      id: res.data.deviceId,
      tenantId: demoTenant,
      kind: 'locator',
      name: 'Gate tracker',
      productId,
      stockState: STOCK_STATE.assigned,
    });
    expect(await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id))).toHaveLength(
      0,
    );
    const d = new Gt06();
    try {
      d.login(imei);
      // The login's echo: 78 78 05 01, its serial and CRC, 0d 0a.
      await until(() => d.got.length >= 10, 5_000, 'the login answered');
      expect(d.got.subarray(0, 4).toString('hex')).toBe('78780501');
      expect(t.app.protocols.connected(imei)).toBe('gt06');
      // The frame log: the demo's administrator reads it, newest first (the answer, then the login).
      const log = await frames(imei, demoAdmin);
      expect(log.code, log.msg).toBe(0);
      expect(log.data.protocol).toBe('gt06');
      expect(log.data.frames.map((f) => f.dir)).toEqual(['out', 'in']);
      expect(log.data.frames[1]).toMatchObject({
        hex: gt06Frames.login(imei, 1).toString('hex'),
        summary: expect.any(String),
      });
      // Another tenant's administrator, and a user who is no administrator, are refused.
      expect((await frames(imei, otherAdmin)).key).toBe('notFound');
      expect((await frames(imei, demoUser)).key).toBe('noPermission');
    } finally {
      d.socket.destroy();
    }
  });

  it('refuses bad input with its key and a registered identifier as taken', async () => {
    const { id } = await unknownLogin();
    const body = { id, productId, tenantId: demoTenant, kind: 'locator', name: 'A' };
    expect((await api('register', { ...body, name: '' })).key).toBe('required');
    expect((await api('register', { ...body, name: 'x'.repeat(65) })).key).toBe('tooLong');
    expect((await api('register', { ...body, tenantId: 999_999 })).key).toBe('refInvalid');
    expect((await api('register', { ...body, productId: 999_999 })).key).toBe('refInvalid');
    expect((await api('register', { ...body, id: 999_999 })).key).toBe('notFound');
    const [taken] = await addDevices(t.app, 1);
    const again = await unknownLogin(taken!.imei.replace(/^86/, '35'));
    await t.app.db
      .update(protocolUnknownDevices)
      .set({ identifier: taken!.imei })
      .where(eq(protocolUnknownDevices.id, again.id));
    expect((await api('register', { ...body, id: again.id })).key).toBe('imeiTaken');
    expect(await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id))).toHaveLength(
      1,
    );
  });

  it('dismisses rows (delete)', async () => {
    const { id } = await unknownLogin();
    expect((await api('delete', { ids: [id] })).code).toBe(0);
    expect(await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id))).toHaveLength(
      0,
    );
  });

  it('answers an empty frame log for a device that never connected over a device protocol', async () => {
    const [d] = await addDevices(t.app, 1);
    const log = await frames(d!.imei, demoAdmin);
    expect(log.data).toEqual({ protocol: null, frames: [], irregular: {} });
  });
});
