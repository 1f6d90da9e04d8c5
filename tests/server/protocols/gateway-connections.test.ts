import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE, STOCK_STATE } from '../../../src/shared/codes';
import { devices, deviceLocations, protocolUnknownDevices } from '../../../src/server/db/schema';
import type { ProtocolGateway } from '../../../src/server/protocols/gateway';
import type { TestApp } from '../helper';
import { addDevices, randomImei, until, type TestDevice } from '../ingest-helper';
import { lineGateway } from './line-gateway';

/**
 * The protocol gateway's connections, over the line protocol of line-gateway.ts (apart from any real
 * protocol's decoding): a connection bound to its login, its positions stored and replied to only
 * once stored; unknown, recycled and impostor devices refused; bad, half-sent and oversized frames
 * and too many connections from one address closed. gateway-frames.test.ts has commands, alarms,
 * the raw frame log and the leniencies.
 */
let t: TestApp;
let gateway: ProtocolGateway;
const { Peer, locations } = lineGateway((bed) => ({ t, gateway } = bed));

describe('protocol gateway', () => {
  let d: TestDevice;
  beforeAll(async () => {
    d = (await addDevices(t.app, 1, { kind: 'locator' }))[0]!;
  });

  it('binds a connection to its login, stores its positions and replies only once they are stored', async () => {
    const peer = new Peer();
    try {
      peer.send(`LOGIN ${d.imei}\n`);
      await peer.reply('OK LOGIN');
      await until(
        async () =>
          (await t.app.db.select({ s: devices.state }).from(devices).where(eq(devices.id, d.id)))[0]!.s ===
          DEVICE_STATE.online,
        5_000,
        'online',
      );
      peer.send('POS 31.2 121.4 1\nPOS 31.3 121.5 2\n');
      await peer.reply('OK 2');
      // The reply left after the commit: both rows are there when it arrives.
      expect(await locations(d.id)).toBe(2);
      expect(peer.got).toEqual(['OK LOGIN', 'OK 1', 'OK 2']);
      const [row] = await t.app.db
        .select()
        .from(deviceLocations)
        .where(and(eq(deviceLocations.deviceId, d.id), eq(deviceLocations.msgId, '2')));
      expect(row).toMatchObject({ lat: 31.3, lon: 121.5, valid: true, source: 'gps' });
    } finally {
      peer.end();
    }
    await until(
      async () =>
        (await t.app.db.select({ s: devices.state }).from(devices).where(eq(devices.id, d.id)))[0]!.s ===
        DEVICE_STATE.offline,
      5_000,
      'offline',
    );
  });

  it('refuses an unknown identifier, stores nothing and lists it for administrators', async () => {
    const imei = randomImei();
    const peer = new Peer();
    peer.send(`LOGIN ${imei}\n`);
    await peer.closedByService();
    expect(peer.got).toEqual([]);
    const row = await until(
      async () =>
        (await t.app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.identifier, imei)))[0],
      5_000,
      'unknown row',
    );
    expect(row).toMatchObject({ protocol: 'gt06', remote: '127.0.0.1', frames: 1 });
    expect(row!.lastFrame.toString()).toBe(`LOGIN ${imei}`);
  });

  it('refuses a device that is not in service (recycled)', async () => {
    const [r] = await addDevices(t.app, 1, { stockState: STOCK_STATE.recycled });
    const peer = new Peer();
    peer.send(`LOGIN ${r!.imei}\n`);
    await peer.closedByService();
    expect(peer.got).toEqual([]);
  });

  it('closes a connection that sends data before its login, or names another device', async () => {
    const early = new Peer();
    early.send('POS 1 2 3\n');
    await early.closedByService();
    const [other] = await addDevices(t.app, 1);
    const peer = new Peer();
    peer.send(`LOGIN ${d.imei}\nAS ${other!.imei}\nPOS 1 2 4\n`);
    await peer.closedByService();
    expect(peer.got).toEqual(['OK LOGIN']);
    expect(await locations(other!.id)).toBe(0);
  });

  it('counts bad frames, closes after too many, and the other connections go on', async () => {
    const errors0 = gateway.counters.get('gt06')!.errors;
    const good = new Peer();
    const bad = new Peer();
    try {
      good.send(`LOGIN ${d.imei}\n`);
      await good.reply('OK LOGIN');
      bad.send('BAD\nBAD\n');
      await until(() => gateway.counters.get('gt06')!.errors === errors0 + 2, 5_000, 'errors counted');
      expect(bad.closed).toBe(false);
      bad.send('BAD\n');
      await bad.closedByService();
      good.send('POS 10 20 30\n');
      await good.reply('OK 30');
    } finally {
      good.end();
      bad.end();
    }
  });

  it('closes a connection holding a half-sent frame, and one whose frame is over the size limit', async () => {
    const slow = new Peer();
    slow.send('LOGI');
    await slow.closedByService();
    const big = new Peer();
    big.send('X'.repeat(100));
    await big.closedByService();
  });

  it('limits the connections of one address', async () => {
    const peers = [new Peer(), new Peer(), new Peer()];
    try {
      await until(() => peers.every((p) => p.socket.readyState === 'open'), 5_000, 'three open');
      const fourth = new Peer();
      await fourth.closedByService();
    } finally {
      for (const p of peers) p.end();
    }
  });
});
