import { connect, type Socket } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { deviceLocations } from '../../../src/server/db/schema';
import { ProtocolGateway } from '../../../src/server/protocols/gateway';
import { ProtocolError, type Decoded, type Framer, type StreamCodec } from '../../../src/server/protocols/types';
import { buildTestApp, type TestApp } from '../helper';
import { until } from '../ingest-helper';

/**
 * What the gateway's test files share (gateway-connections.test.ts, gateway-frames.test.ts): a line
 * protocol written for these tests, so the gateway's own behaviour (identity, replies after the
 * commit, limits, commands) is checked apart from any real protocol's decoding, a gateway of a test
 * app listening for it, and a device's socket.
 *
 * The protocol: `LOGIN <imei>`, `POS <lat> <lon> <n>`, `AS <imei>`, `SOS`, `BAD`; `CRC <lat> <lon>
 * <n>` is a position accepted with a wrong checksum, `LOGINCRC <imei>` a login with a wrong length.
 */
export const lines: StreamCodec = {
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

/** A device's socket: what it was sent, line by line, and whether the service closed it. */
class LinePeer {
  readonly socket: Socket;
  readonly got: string[] = [];
  closed = false;
  private held = '';

  constructor(p: number) {
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

export interface LineGateway {
  t: TestApp;
  gateway: ProtocolGateway;
  port: number;
}

/**
 * Builds a test app and a gateway of its own on it listening for the line protocol before the file's
 * tests (handing them to `ready`, so the file keeps them in its own variables), closes both after.
 * Returns Peer, a device's socket to that gateway (or to the port given), and the count of a
 * device's stored locations.
 */
export function lineGateway(ready: (bed: LineGateway) => void) {
  const bed = {} as LineGateway;
  beforeAll(async () => {
    bed.t = await buildTestApp();
    bed.gateway = new ProtocolGateway({
      db: bed.t.app.db,
      clock: { now: () => Date.now() },
      log: bed.t.app.log,
      ingest: bed.t.app.ingest,
      deviceCache: bed.t.app.deviceCache,
      deviceKey: async () => 'key',
      limits: { partialS: 0.3, maxErrors: 3 },
      maxPerAddress: 3,
    });
    bed.port = await bed.gateway.listenTcp(lines, 0, '127.0.0.1');
    ready(bed);
  });
  afterAll(async () => {
    await bed.gateway?.close();
    await bed.t?.close();
  });
  return {
    Peer: class Peer extends LinePeer {
      constructor(p = bed.port) {
        super(p);
      }
    },
    locations: async (id: number) =>
      (await bed.t.app.db.select({ n: count() }).from(deviceLocations).where(eq(deviceLocations.deviceId, id)))[0]!.n,
  };
}
