import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { exited, healthy, startServiceProcess } from '../service-process';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../../src/server/db/driver';
import { parseFrame } from '../../../src/shared/protocols/jt808/frame';
import { CODECS } from '../../../src/server/protocols/registry';
import { gt06Frames, Jt808Terminal } from '../../../src/sim/protocols/frames';
import { ServiceClient } from '../../../src/sim/service';
import { freePort } from '../mosquitto';

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

/**
 * One tracker sending positions one after another, each waiting for its acknowledgement: the
 * latitudes it saw acknowledged, so the test can look for each of them after the crash.
 */
async function pump(
  port: number,
  kind: 'gt06' | 'jt808',
  imei: string,
  authCode: string | undefined,
  lane: number,
  acked: Set<string>,
  running: () => boolean,
): Promise<void> {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let got = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  socket.on('data', (b) => {
    got = Buffer.concat([got, b]);
    wake?.();
  });
  socket.on('close', () => wake?.());
  const reply = async (): Promise<Buffer | undefined> => {
    for (;;) {
      const frames = CODECS[kind].framer().push(got);
      if (frames.length) {
        got = Buffer.alloc(0);
        return frames[0];
      }
      if (socket.destroyed) return undefined;
      await new Promise<void>((r) => (wake = r));
    }
  };
  const term = kind === 'jt808' ? new Jt808Terminal(imei) : undefined;
  await new Promise((r) => socket.once('connect', r));
  socket.write(term ? term.authenticate(authCode!) : gt06Frames.login(imei, 1));
  if (!(await reply())) return;
  for (let n = 1; running(); n++) {
    // A position this test alone sends: lane and sequence in the latitude's last digits.
    const lat = Number(`${10 + lane}.${String(n).padStart(5, '0')}`);
    const fix = { lat, lon: 100 + lane, at: Date.now() - 1_000, satellites: 8 };
    socket.write(term ? term.location(fix) : gt06Frames.location(n & 0xffff, fix));
    const r = await reply();
    if (!r) return;
    if (kind === 'jt808' && parseFrame(r).id !== 0x8001) return;
    acked.add(`${imei}:${lat.toFixed(5)}`);
  }
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
