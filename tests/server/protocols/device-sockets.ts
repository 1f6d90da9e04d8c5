import { connect, type Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { alarmRecords } from '../../../src/server/db/schema';
import { CODECS } from '../../../src/server/protocols/registry';
import { buildTestApp, type TestApp } from '../helper';
import { lastLocation as lastOf, until } from '../ingest-helper';

/**
 * What the files of devices speaking their real protocols to the service over real sockets share
 * (devices-gt06-watch.test.ts, devices-jt808-osmand.test.ts): a test app listening for GT06, watch,
 * JT/T 808 and OsmAnd on ports of its own, a device's socket, a fix, and waits for what the service
 * stored.
 */

export class Wire {
  readonly socket: Socket;
  got = Buffer.alloc(0);
  closed = false;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (b) => (this.got = Buffer.concat([this.got, b])));
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('error', () => {});
  }

  /** Sends a frame and waits for `expected` bytes to arrive after what was received so far. */
  async exchange(frame: Buffer, expected: Buffer | number): Promise<Buffer> {
    const from = this.got.length;
    this.socket.write(frame);
    const n = typeof expected === 'number' ? expected : expected.length;
    await until(() => this.got.length >= from + n, 5_000, 'the reply');
    return this.got.subarray(from, from + n);
  }

  /** Sends a frame and waits for the next whole JT/T 808 frame from the service (its length varies with escapes). */
  async jt808(frame: Buffer): Promise<Buffer> {
    const from = this.got.length;
    this.socket.write(frame);
    const reply = await until(
      () => CODECS.jt808.framer().push(this.got.subarray(from))[0],
      5_000,
      'the JT/T 808 reply',
    );
    return reply!;
  }
}

/** A fix of five seconds ago at `lat`, `lon`. */
export const fix = (lat: number, lon: number) => ({
  lat,
  lon,
  speed: 12,
  heading: 90,
  at: Math.floor(Date.now() / 1000) * 1000 - 5_000,
  satellites: 7,
});

/**
 * Builds the app and its protocol listeners before the file's tests (handing the app to `ready`, so
 * the file keeps it in its own variable), closes it after; returns the listeners' ports (filled in
 * before the tests run) and waits for a device's last location and for an alarm of a type.
 */
export function protocolDevices(ready: (t: TestApp) => void) {
  let t: TestApp;
  const ports: Record<string, number> = {};
  beforeAll(async () => {
    // Fences judge each fix at once here (no dwell), as tests/server/fences/eval.test.ts does.
    t = await buildTestApp({ config: { fenceDwellS: 0 } });
    ports.gt06 = await t.app.protocols.listenTcp(CODECS.gt06, 0, '127.0.0.1');
    ports.watch = await t.app.protocols.listenTcp(CODECS.watch, 0, '127.0.0.1');
    ports.jt808 = await t.app.protocols.listenTcp(CODECS.jt808, 0, '127.0.0.1');
    ports.osmand = await t.app.protocols.listenHttp(CODECS.osmand, 0, '127.0.0.1');
    ready(t);
  });
  afterAll(() => t?.close());
  return {
    ports,
    lastLocation: (id: number) => lastOf(t.app, id),
    alarmOf: (id: number, type: number) =>
      until(
        async () =>
          (
            await t.app.db
              .select()
              .from(alarmRecords)
              .where(and(eq(alarmRecords.deviceId, id), eq(alarmRecords.type, type)))
          ).length > 0,
        8_000,
        `alarm type ${type}`,
      ),
  };
}
