import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices, products } from '../../../src/server/db/schema';
import { deliver } from '../../../src/server/devices/commands';
import type { ProtocolGateway } from '../../../src/server/protocols/gateway';
import type { TestApp } from '../helper';
import { addDevices, until, type TestDevice } from '../ingest-helper';
import { lineGateway, lines } from './line-gateway';

/**
 * What the protocol gateway carries, over the line protocol of line-gateway.ts (apart from any real
 * protocol's decoding): commands said in the protocol, an SOS frame raising the alarm, the raw
 * frames kept both ways, and irregular frames accepted and counted, or refused under strict framing.
 * gateway-connections.test.ts has the connections' identity and limits.
 */
let t: TestApp;
let gateway: ProtocolGateway;
const { Peer, locations } = lineGateway((bed) => ({ t, gateway } = bed));

describe('protocol gateway', () => {
  let d: TestDevice;
  beforeAll(async () => {
    d = (await addDevices(t.app, 1, { kind: 'locator' }))[0]!;
  });

  it('sends a command in the protocol, and a command the protocol cannot say is acknowledged as failed', async () => {
    const appPort = await t.app.protocols.listenTcp(lines, 0, '127.0.0.1');
    const peer = new Peer(appPort);
    try {
      peer.send(`LOGIN ${d.imei}\n`);
      await peer.reply('OK LOGIN');
      const [device] = await t.app.db.select().from(devices).where(eq(devices.id, d.id));
      const row = async (cmd: string) =>
        (
          await t.app.db
            .insert(deviceCommands)
            .values({
              tenantId: d.tenantId,
              deviceId: d.id,
              imei: d.imei,
              cmd,
              params: '{}',
              status: 0,
              operatorName: 'test',
            })
            .returning({ id: deviceCommands.id })
        )[0]!.id;
      const locate = await row('locate');
      await deliver(t.app, device!, { kind: 'command', id: locate, cmd: 'locate', params: {} });
      await peer.reply(`WHERE ${locate}`);
      const restart = await row('restart');
      await deliver(t.app, device!, { kind: 'command', id: restart, cmd: 'restart', params: {} });
      const ack = await until(
        async () =>
          (
            await t.app.db
              .select()
              .from(deviceCommands)
              .where(and(eq(deviceCommands.id, restart), eq(deviceCommands.ackOk, false)))
          )[0],
        5_000,
        'failed ack',
      );
      expect(ack!.ackMsg).toBe('gt06 has no restart command');
      expect(gateway.connected(d.imei) ?? t.app.protocols.connected(d.imei)).toBe('gt06');
    } finally {
      peer.end();
    }
  });

  it('raises an SOS from a protocol frame like a native one', async () => {
    const peer = new Peer();
    try {
      peer.send(`LOGIN ${d.imei}\nSOS\n`);
      await peer.reply('OK SOS');
      const { alarmRecords } = await import('../../../src/server/db/schema');
      await until(
        async () => (await t.app.db.select().from(alarmRecords).where(eq(alarmRecords.deviceId, d.id))).length > 0,
        5_000,
        'alarm record',
      );
    } finally {
      peer.end();
    }
  });

  it('keeps the raw frames of a device, both ways, with the codec reading them back', async () => {
    const peer = new Peer();
    peer.send(`LOGIN ${d.imei}\nBAD\n`);
    await peer.reply('OK LOGIN');
    await until(
      () => gateway.frameLog(d.imei, new Map([['gt06', lines]]))?.frames.some((f) => f.error),
      5_000,
      'the bad frame logged',
    );
    peer.end();
    const log = gateway.frameLog(d.imei, new Map([['gt06', lines]]));
    expect(log?.protocol).toBe('gt06');
    const frames = log!.frames;
    expect(frames.some((f) => f.dir === 'in' && f.text === `LOGIN ${d.imei}` && f.summary === 'login')).toBe(true);
    expect(frames.some((f) => f.dir === 'out' && f.text === 'OK LOGIN\n')).toBe(true);
    expect(frames.at(-1)).toMatchObject({ dir: 'in', text: 'BAD', error: 'unknown word BAD' });
  });
});

/** docs/protocols.md "Leniencies": irregular frames counted per device and protocol, refused under strict framing. */
describe('protocol gateway leniencies', () => {
  const codecs = new Map([['gt06' as const, lines]]);

  it('accepts and stores a frame with irregularities by default, counts them per device and protocol, marks the raw log', async () => {
    const [d] = await addDevices(t.app, 1, { kind: 'locator' });
    const before = { ...gateway.counters.get('gt06')!.irregular };
    const peer = new Peer();
    try {
      peer.send(`LOGINCRC ${d!.imei}\n`);
      await peer.reply('OK LOGIN');
      peer.send('CRC 31.2 121.4 1\nCRC 31.3 121.5 2\nPOS 31.4 121.6 3\n');
      await peer.reply('OK 3');
      expect(peer.got).toEqual(['OK LOGIN', 'OK 1', 'OK 2', 'OK 3']);
      expect(await locations(d!.id)).toBe(3);
    } finally {
      peer.end();
    }
    // The login before the device was known: counted, judged leniently.
    expect(gateway.irregularities(d!.imei)).toEqual({ lengthMismatch: 1, checksumMismatch: 2 });
    const after = gateway.counters.get('gt06')!.irregular;
    expect((after.checksumMismatch ?? 0) - (before.checksumMismatch ?? 0)).toBe(2);
    expect((after.lengthMismatch ?? 0) - (before.lengthMismatch ?? 0)).toBe(1);
    const log = gateway.frameLog(d!.imei, codecs)!;
    expect(log.irregular).toEqual({ lengthMismatch: 1, checksumMismatch: 2 });
    const ins = log.frames.filter((f) => f.dir === 'in');
    expect(ins.map((f) => f.summary)).toEqual([
      'login; length wrong, accepted',
      'position; checksum wrong, accepted',
      'position; checksum wrong, accepted',
      'position',
    ]);
    expect(ins.some((f) => f.refused)).toBe(false);
  });

  it('refuses them when the product has strict framing: an error, nothing stored, no reply, refused in the raw log', async () => {
    const [d] = await addDevices(t.app, 1, { kind: 'locator' });
    const [product] = await t.app.db
      .insert(products)
      .values({ name: 'Strict tracker', code: `strict-${d!.id}`, strictFraming: true })
      .returning({ id: products.id });
    await t.app.db.update(devices).set({ productId: product!.id }).where(eq(devices.id, d!.id));
    t.app.deviceCache.invalidate(d!.imei);
    const errors0 = gateway.counters.get('gt06')!.errors;
    const peer = new Peer();
    try {
      // A login with an irregularity: the device is not known before it, so it is taken.
      peer.send(`LOGINCRC ${d!.imei}\n`);
      await peer.reply('OK LOGIN');
      peer.send('CRC 31.2 121.4 1\nPOS 31.4 121.6 2\n');
      await peer.reply('OK 2');
      expect(peer.got).toEqual(['OK LOGIN', 'OK 2']);
      expect(peer.closed).toBe(false);
      expect(await locations(d!.id)).toBe(1);
    } finally {
      peer.end();
    }
    expect(gateway.counters.get('gt06')!.errors).toBe(errors0 + 1);
    expect(gateway.irregularities(d!.imei)).toEqual({ lengthMismatch: 1, checksumMismatch: 1 });
    const ins = gateway.frameLog(d!.imei, codecs)!.frames.filter((f) => f.dir === 'in');
    expect(ins[1]).toMatchObject({
      text: 'CRC 31.2 121.4 1',
      refused: true,
      summary: 'position; checksum wrong; refused (strict framing)',
    });
    expect(ins[2]).toMatchObject({ text: 'POS 31.4 121.6 2', summary: 'position' });
    expect(ins[2]!.refused).toBeUndefined();
  });
});
