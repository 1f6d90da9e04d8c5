import { afterAll, beforeAll } from 'vitest';
import { CODECS } from '../../../src/server/protocols/registry';
import { buildTestApp, type TestApp } from '../helper';
import { alarmRaised } from '../alarms-helper';
import { lastLocation as lastOf } from '../ingest-helper';

/**
 * What the files of devices speaking their real protocols to the service over real sockets share
 * (devices-gt06-watch.test.ts, devices-jt808-osmand.test.ts): a test app listening for GT06, watch,
 * JT/T 808 and OsmAnd on ports of its own, a device's socket, a fix, and waits for what the service
 * stored.
 */

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
    alarmOf: (id: number, type: number) => alarmRaised(t.app, id, type),
  };
}
