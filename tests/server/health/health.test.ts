import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODECS } from '../../../src/server/protocols/registry';
import { HealthMonitor } from '../../../src/server/health/monitor';
import { emptyStats } from '../../../src/server/ingest/stats';
import type { Db } from '../../../src/server/db/driver';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A monitor over parts a test controls; `db` answers `select 1` as told. */
function monitor(over: Partial<ConstructorParameters<typeof HealthMonitor>[0]> = {}) {
  const stats = emptyStats();
  const deps = {
    db: { execute: () => Promise.resolve({ rows: [] }) } as unknown as Db,
    dataDir: '.',
    lowWaterBytes: 0,
    ingest: { depth: () => 0, capacity: 100 },
    stats,
    broker: () => ({ state: 'ok' as const }),
    listeners: () => [],
    now: () => Date.now(),
    probeMs: 200,
    ...over,
  };
  return { health: new HealthMonitor(deps), stats };
}

describe('GET /api/health', () => {
  it('names every component ok on a working service, with what it runs on', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        state: 'ok',
        ready: true,
        components: {
          database: { state: 'ok' },
          broker: { state: 'ok' },
          disk: { state: 'ok' },
          ingest: { state: 'ok' },
          listeners: { state: 'ok' },
        },
        db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        deadLetters: expect.any(Number),
      },
    });
    expect((await get('/api/health/live')).json()).toMatchObject({ code: 0, data: { version: expect.any(String) } });
  });

  it('lists the device listeners this process started, each listening', async () => {
    const port = await t.app.protocols.listenTcp(CODECS.gt06, 0, '127.0.0.1');
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.destroy();
    expect(t.app.protocols.listeners()).toEqual([{ name: 'gt06', listening: true }]);
  });
});

describe('HealthMonitor', () => {
  it('a database that does not answer within the probe time is down and the service not ready, within about that time', async () => {
    const { health } = monitor({ db: { execute: () => new Promise(() => {}) } as unknown as Db });
    const started = Date.now();
    const report = await health.report();
    expect(report.components.database).toEqual({ state: 'down', detail: 'no answer within 200 ms' });
    expect(report).toMatchObject({ state: 'down', ready: false });
    // A second request while the first probe still hangs reuses it rather than piling up probes.
    expect((await health.report()).components.database.state).toBe('down');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a database that refuses is down with its error', async () => {
    const { health } = monitor({
      db: { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db,
    });
    expect((await health.report()).components.database).toEqual({
      state: 'down',
      detail: 'not answering: connection refused',
    });
  });

  it('failed batch writes make an answering database degraded, and the service stays ready', async () => {
    const { health, stats } = monitor();
    expect((await health.report()).components.database.state).toBe('ok');
    stats.dropped.failed += 3;
    const report = await health.report();
    expect(report.components.database).toEqual({ state: 'degraded', detail: 'writes failed in the last 30 s' });
    expect(report).toMatchObject({ state: 'degraded', ready: true });
    // Batches left unacknowledged for their devices to resend say the same.
    const resent = monitor();
    expect((await resent.health.report()).components.database.state).toBe('ok');
    resent.stats.notStoredResent += 2;
    expect((await resent.health.report()).components.database.state).toBe('degraded');
  });

  it('a data directory not made yet is read on the disk it will be on', async () => {
    const { health } = monitor({ dataDir: '/tmp/no-such-dir-yet/data', lowWaterBytes: 1 });
    expect((await health.report()).components.disk).toEqual({ state: 'ok' });
  });

  it('a data disk under its low-water mark is down: not ready, and diskLow says so', async () => {
    const { health } = monitor({ lowWaterBytes: Number.MAX_SAFE_INTEGER });
    const report = await health.report();
    expect(report.components.disk.state).toBe('down');
    expect(report.components.disk.detail).toMatch(/under the low-water mark .*: not acknowledging$/);
    expect(report.ready).toBe(false);
    expect(health.diskLow()).toBe(true);
  });

  it('a full ingest queue is down, a half-full one degraded; a closed listener is down; the broker says its own', async () => {
    let depth = 50;
    const listening = [{ name: 'gt06', listening: true }];
    const { health } = monitor({
      ingest: { depth: () => depth, capacity: 100 },
      listeners: () => listening,
      broker: () => ({ state: 'down', detail: 'not connected' }),
    });
    let report = await health.report();
    expect(report.components.ingest).toEqual({ state: 'degraded', detail: '50 of 100 messages queued' });
    expect(report.components.broker).toEqual({ state: 'down', detail: 'not connected' });
    expect(report.ready).toBe(true);
    depth = 100;
    listening[0]!.listening = false;
    report = await health.report();
    expect(report.components.ingest).toEqual({ state: 'down', detail: 'queue full (100 messages)' });
    expect(report.components.listeners).toEqual({ state: 'down', detail: 'not listening: gt06' });
    expect(report.ready).toBe(false);
  });
});

describe('the data disk under its low-water mark', () => {
  it('answers 503 with the disk down, and device messages are not acknowledged (counted, never stored)', async () => {
    const low = await buildTestApp({ config: { diskLowWaterMb: 1_000_000_000 } });
    try {
      const res = await low.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503,
        key: 'notReady',
        data: { ready: false, components: { disk: { state: 'down' } } },
      });
      expect((await low.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const outcomes: string[] = [];
      low.app.ingest.accept(
        '860000000000001',
        'gt06/860000000000001',
        Buffer.alloc(0),
        { kind: 'status', battery: 50 },
        (o) => outcomes.push(o),
      );
      expect(outcomes).toEqual(['lost']);
      expect(low.app.ingestStats.dropped.diskLow).toBe(1);
    } finally {
      await low.close();
    }
  });
});
