import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import mqtt, { type MqttClient } from 'mqtt';
import postgres from 'postgres';
import { exited, healthy, seedDataDir, startServiceProcess } from '../service-process';
import { pgTemplate } from '../template-db';
import { afterAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { PGLITE_EXTENSIONS } from '../../../src/server/db/driver';
import { ServiceClient } from '../../../src/sim/service';
import { freshPostgres } from '../helper';
import { freePort, mosquittoBinary, startMosquitto, type PrivateMosquitto } from '../mosquitto';

const DEVICES = 20;
/** PUBLISHes each device keeps in flight (acknowledged one by one as their rows commit). */
const WINDOW = 8;

/** The at-scale path: a fresh PostgreSQL database and the external broker, with a fixed session. */
interface External {
  databaseUrl: string;
  mqttUrl: string;
  clientId: string;
  group: string;
}

/** The real service (`npm start` without the build), in its own process. */
function startService(dataDir: string, port: number, mqttPort: number, ext?: External): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIM: '0',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/nonexistent-static-dir',
    PROTOCOLS: 'none',
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  if (ext) {
    Object.assign(env, {
      DATABASE_URL: ext.databaseUrl,
      MQTT_URL: ext.mqttUrl,
      MQTT_WS_URL: 'ws://127.0.0.1:9/mqtt',
      MQTT_CLIENT_ID: ext.clientId,
      INGEST_GROUP: ext.group,
    });
  }
  return startServiceProcess(env);
}

// The at-scale run (DATABASE_URL and MQTT_URL set) takes the path with PostgreSQL and a Mosquitto
// configured as README asks (queues deep enough); the unit run, without them, took the embedded one.
const atScale = Boolean(process.env.DATABASE_URL && process.env.MQTT_URL && mosquittoBinary());
const paths: [string, boolean][] = [
  atScale ? ['PostgreSQL + external Mosquitto', true] : ['PGlite + embedded broker', false],
];

describe.each(paths)('acknowledged device messages survive kill -9 (%s)', (_name, external) => {
  const dir = mkdtempSync(join(tmpdir(), 'durability-'));
  const procs: ChildProcess[] = [];
  let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let broker: PrivateMosquitto | undefined;
  afterAll(async () => {
    for (const p of procs) p.kill('SIGKILL');
    await Promise.all(procs.map(exited));
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
    await broker?.stop();
  });

  it('stores every message whose PUBACK a device received before the service was killed', async () => {
    const [port, mqttPort] = [await freePort(), await freePort()];
    let ext: External | undefined;
    if (external) {
      pg = await freshPostgres(process.env.DATABASE_URL!, pgTemplate());
      broker = await startMosquitto();
      const tag = randomBytes(4).toString('hex');
      ext = { databaseUrl: pg.url, mqttUrl: broker.url, clientId: `durability-${tag}`, group: `durability-${tag}` };
    }
    // The run's seeded demo (template-db.ts), not a start that migrates and seeds.
    if (!external) await seedDataDir(dir);
    const svc = startService(dir, port, mqttPort, ext);
    procs.push(svc);
    await healthy(port);
    const api = new ServiceClient(`http://127.0.0.1:${port}`);
    await api.login('demo', 'demo123');
    const fleet = (await api.devices()).slice(0, DEVICES);
    const secrets = await api.secrets(fleet.map((d) => d.imei));
    // On the external broker devices are the broker's business (anonymous here); its PUBACK is its own.
    const brokerUrl = ext?.mqttUrl ?? `mqtt://127.0.0.1:${mqttPort}`;
    const clients: MqttClient[] = await Promise.all(
      fleet.map((d) =>
        mqtt.connectAsync(brokerUrl, {
          ...(ext ? {} : { username: d.imei, password: secrets.get(d.imei)! }),
          reconnectPeriod: 0,
          connectTimeout: 5_000,
        }),
      ),
    );
    for (const c of clients) c.on('error', () => {});
    const acked = new Set<string>();
    let sent = 0;
    let running = true;
    const pump = async (c: MqttClient, imei: string, lane: number) => {
      for (let n = 0; running; n++) {
        const id = `k-${imei}-${lane}-${n}`;
        sent++;
        try {
          await c.publishAsync(topics.deviceUp(imei), JSON.stringify({ kind: 'telemetry', id, values: { steps: n } }), {
            qos: 1,
          });
          acked.add(id);
        } catch {
          return;
        }
      }
    };
    const pumps = clients.flatMap((c, i) => Array.from({ length: WINDOW }, (_, lane) => pump(c, fleet[i]!.imei, lane)));
    // Let acknowledgements flow, then kill the service in the middle of its writes.
    while (acked.size < 500) await new Promise((r) => setTimeout(r, 20));
    svc.kill('SIGKILL');
    await exited(svc);
    running = false;
    for (const c of clients) c.end(true);
    await Promise.race([Promise.all(pumps), new Promise((r) => setTimeout(r, 2_000))]);
    expect(sent).toBeGreaterThan(acked.size);

    // A restart after the crash opens the same data directory (the stale lock is taken over) or,
    // on the external broker, resumes the same session, which hands back what was not acknowledged.
    const again = startService(dir, port, mqttPort, ext);
    procs.push(again);
    await healthy(port);
    const storedIds = async (): Promise<Set<string>> => {
      if (!ext) {
        again.kill('SIGTERM');
        await exited(again);
        const db = await PGlite.create(join(dir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
        try {
          return new Set(
            (await db.query<{ msg_id: string }>(`select msg_id from device_readings where msg_id like 'k-%'`)).rows.map(
              (r) => r.msg_id,
            ),
          );
        } finally {
          await db.close();
        }
      }
      const sql = postgres(ext.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        return new Set(
          (await sql<{ msg_id: string }[]>`select msg_id from device_readings where msg_id like 'k-%'`).map(
            (r) => r.msg_id,
          ),
        );
      } finally {
        await sql.end({ timeout: 5 });
      }
    };
    let missing: string[] = [];
    for (let i = 0; i < (ext ? 60 : 1); i++) {
      if (i) await new Promise((r) => setTimeout(r, 500));
      const stored = await storedIds();
      missing = [...acked].filter((id) => !stored.has(id));
      if (!missing.length) break;
    }
    expect(missing).toEqual([]);
    if (ext) {
      again.kill('SIGTERM');
      await exited(again);
    }
  }, 240_000);
});
