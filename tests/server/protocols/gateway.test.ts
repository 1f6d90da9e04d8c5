import { connect, type Socket } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE, STOCK_STATE } from '../../../src/shared/codes';
import {
  deviceCommands,
  deviceLocations,
  devices,
  products,
  protocolUnknownDevices,
} from '../../../src/server/db/schema';
import { deliver } from '../../../src/server/devices/commands';
import { ProtocolGateway } from '../../../src/server/protocols/gateway';
import { ProtocolError, type Decoded, type Framer, type StreamCodec } from '../../../src/server/protocols/types';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, randomImei, until, type TestDevice } from '../ingest-helper';

/**
 * A line protocol written for this test, so the gateway's own behaviour (identity, replies after
 * the commit, limits, commands) is checked apart from any real protocol's decoding:
 * `LOGIN <imei>`, `POS <lat> <lon> <n>`, `AS <imei>`, `SOS`, `BAD`; `CRC <lat> <lon> <n>` is a
 * position accepted with a wrong checksum, `LOGINCRC <imei>` a login with a wrong length.
 */
const lines: StreamCodec = {
  name: 'gt06',
  transport: 'tcp',
  defaultPort: 0,
  maxFrame: 64,
  text: true,
  commands: ['locate'],
  acknowledges: true,
  framer(): Framer {
    let held = '';
    return {
      push(chunk) {
        held += chunk.toString('latin1');
        const parts = held.split('\n');
        held = parts.pop()!;
        if (held.length > 64) throw new ProtocolError('frame over 64 bytes');
        return parts.map((p) => Buffer.from(p, 'latin1'));
      },
      pending: () => held.length,
    };
  },
  decode(frame): Decoded {
    const [word, ...args] = frame.toString('latin1').split(' ');
    if (word === 'LOGIN')
      return { imei: args[0], login: 'login', uplinks: [], reply: Buffer.from('OK LOGIN\n'), summary: 'login' };
    if (word === 'LOGINCRC')
      return {
        imei: args[0],
        login: 'login',
        uplinks: [],
        reply: Buffer.from('OK LOGIN\n'),
        summary: 'login',
        irregular: ['lengthMismatch'],
      };
    if (word === 'AS') return { imei: args[0], uplinks: [], summary: 'names a device' };
    if (word === 'SOS')
      return { uplinks: [{ kind: 'alarm', alarm: 'sos' }], reply: Buffer.from('OK SOS\n'), summary: 'sos' };
    if (word === 'POS' || word === 'CRC') {
      const [lat, lon, n] = args.map(Number);
      return {
        uplinks: [{ kind: 'location', id: n, lat: lat!, lon: lon!, source: 'gps', valid: true }],
        reply: Buffer.from(`OK ${n}\n`),
        summary: 'position',
        ...(word === 'CRC' && { irregular: ['checksumMismatch' as const] }),
      };
    }
    throw new ProtocolError(`unknown word ${word}`);
  },
  encode(command) {
    return command.cmd === 'locate' ? Buffer.from(`WHERE ${command.id}\n`) : undefined;
  },
};

let t: TestApp;
let gateway: ProtocolGateway;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  gateway = new ProtocolGateway({
    db: t.app.db,
    clock: { now: () => Date.now() },
    log: t.app.log,
    ingest: t.app.ingest,
    deviceCache: t.app.deviceCache,
    deviceKey: async () => 'key',
    limits: { partialS: 0.3, maxErrors: 3 },
    maxPerAddress: 3,
  });
  port = await gateway.listenTcp(lines, 0, '127.0.0.1');
});
afterAll(async () => {
  await gateway?.close();
  await t?.close();
});

/** A device's socket: what it was sent, line by line, and whether the service closed it. */
class Peer {
  readonly socket: Socket;
  readonly got: string[] = [];
  closed = false;
  private held = '';

  constructor(p = port) {
    this.socket = connect(p, '127.0.0.1');
    this.socket.on('data', (b) => {
      this.held += b.toString('latin1');
      const parts = this.held.split('\n');
      this.held = parts.pop()!;
      this.got.push(...parts);
    });
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('error', () => {});
  }

  send(text: string): void {
    this.socket.write(text);
  }

  async reply(what: string): Promise<void> {
    await until(() => this.got.includes(what), 5_000, `reply ${what}`);
  }

  async closedByService(): Promise<void> {
    await until(() => this.closed, 5_000, 'the service closing the connection');
  }

  end(): void {
    this.socket.destroy();
  }
}

const locations = async (id: number) =>
  (await t.app.db.select({ n: count() }).from(deviceLocations).where(eq(deviceLocations.deviceId, id)))[0]!.n;

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
