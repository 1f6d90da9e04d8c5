import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { exited, healthy, seedDataDir, startServiceProcess } from '../service-process';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../../src/server/db/driver';
import { parseFrame } from '../../../src/shared/protocols/jt808/frame';
import { CODECS } from '../../../src/server/protocols/registry';
import { Jt808Terminal } from '../../../src/sim/protocols/frames';
import { ServiceClient } from '../../../src/sim/service';
import { freePort } from '../mosquitto';
import { pump } from './trackers';

const DEVICES = 10;

/** The real service in its own process, with the GT06 and JT/T 808 listeners on free ports. */
function startService(dataDir: string, ports: { http: number; gt06: number; jt808: number }): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.http),
    MQTT_PORT: '0',
    PROTOCOLS: 'gt06,jt808',
    GT06_PORT: String(ports.gt06),
    JT808_PORT: String(ports.jt808),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIM: '0',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/nonexistent-static-dir',
    // A refused message is acknowledged without being stored; this test wants every one stored.
    DEVICE_RATE_PER_S: '0',
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  return startServiceProcess(env);
}

describe('acknowledged protocol positions survive kill -9 (PGlite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'protocol-durability-'));
  const procs: ChildProcess[] = [];
  afterAll(async () => {
    for (const p of procs) p.kill('SIGKILL');
    await Promise.all(procs.map(exited));
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores every GT06 and JT/T 808 position whose acknowledgement a device received before the service was killed', async () => {
    const ports = { http: await freePort(), gt06: await freePort(), jt808: await freePort() };
    // The run's seeded demo (template-db.ts), not a start that migrates and seeds.
    await seedDataDir(dir);
    const svc = startService(dir, ports);
    procs.push(svc);
    await healthy(ports.http);
    const api = new ServiceClient(`http://127.0.0.1:${ports.http}`);
    await api.login('demo', 'demo123');
    const fleet = (await api.devices()).filter((d) => /^\d{13,20}$/.test(d.imei)).slice(0, DEVICES * 2);
    expect(fleet).toHaveLength(DEVICES * 2);
    // JT/T 808 terminals authenticate with the code their registration was answered with.
    const codes = new Map<string, string>();
    for (const d of fleet.slice(DEVICES)) {
      const term = new Jt808Terminal(d.imei);
      const sock = connect(ports.jt808, '127.0.0.1');
      const answer = await new Promise<Buffer>((resolve, reject) => {
        let got = Buffer.alloc(0);
        sock.on('data', (b) => {
          got = Buffer.concat([got, b]);
          const f = CODECS.jt808.framer().push(got)[0];
          if (f) resolve(f);
        });
        sock.on('error', reject);
        sock.write(term.register());
      });
      sock.destroy();
      const m = parseFrame(answer);
      expect(m.data[m.bodyStart + 2]).toBe(0);
      codes.set(d.imei, m.data.subarray(m.bodyStart + 3, m.bodyEnd).toString('latin1'));
    }

    const acked = new Set<string>();
    let running = true;
    const pumps = fleet.map((d, i) =>
      i < DEVICES
        ? pump(ports.gt06, 'gt06', d.imei, undefined, i, acked, () => running)
        : pump(ports.jt808, 'jt808', d.imei, codes.get(d.imei), i, acked, () => running),
    );
    while (acked.size < 400) await new Promise((r) => setTimeout(r, 20));
    svc.kill('SIGKILL');
    await exited(svc);
    running = false;
    await Promise.race([Promise.all(pumps), new Promise((r) => setTimeout(r, 2_000))]);
    expect([...acked].some((k) => fleet.slice(0, DEVICES).some((d) => k.startsWith(d.imei)))).toBe(true);
    expect([...acked].some((k) => fleet.slice(DEVICES).some((d) => k.startsWith(d.imei)))).toBe(true);

    // The data directory as the killed service left it, read directly (the lock is stale).
    const db = await PGlite.create(join(dir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
    let stored: Set<string>;
    try {
      const rows = await db.query<{ imei: string; lat: number }>(
        `select d.imei, l.lat from device_locations l join devices d on d.id = l.device_id where l.lon >= 100 and l.lon < ${100 + DEVICES * 2}`,
      );
      stored = new Set(rows.rows.map((r) => `${r.imei}:${r.lat.toFixed(5)}`));
    } finally {
      await db.close();
    }
    expect([...acked].filter((k) => !stored.has(k))).toEqual([]);
  }, 240_000);
});
