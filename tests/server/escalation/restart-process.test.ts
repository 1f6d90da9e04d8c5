import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import type { AlarmTimeline } from '../../../src/shared/alarms/api';
import { topics } from '../../../src/shared/topics';
import { ServiceClient } from '../../../src/sim/service';
import { freshPostgres } from '../helper';
import { pgTemplate } from '../template-db';
import { freePort } from '../mosquitto';
import {
  apiSession,
  consoleThenSms,
  EACH_STEP_SENT_ONCE,
  exited,
  healthy,
  notified,
  onlyPolicy,
  seedDataDir,
  serviceEnv,
  smsOutbox,
  startServiceProcess,
} from '../service-process';

// docs/alarms.md "Exactly once, on every replica", with real processes: an SOS nobody answers
// fires its first step, the service is killed (kill -9) before the second comes due, and the
// restarted service (on PostgreSQL, two replicas at once) fires the overdue step once, at once,
// without repeating the first. The unit run covers PGlite (a data directory); the at-scale run
// (scripts/test-scale.mjs, DATABASE_URL set) covers PostgreSQL on a throwaway database.

/** The policy's steps: seconds after the raise. */
const FIRST_S = 2;
const SECOND_S = 10;
/** An outside number the second step texts, to count what was really sent (DATA_DIR/sms-outbox.log). */
const PHONE = '13900000077';

interface Ports {
  http: number;
  mqtt: number;
}

/** The real service (the sweep on: not the test mode), with the simulator and device protocols off. */
function startService(dataDir: string, ports: Ports, databaseUrl?: string): ChildProcess {
  return startServiceProcess(serviceEnv({ dataDir, port: ports.http, mqttPort: ports.mqtt, databaseUrl }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, get: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await sleep(100);
  }
}

const databases: [string, boolean][] = [process.env.DATABASE_URL ? ['PostgreSQL', true] : ['PGlite', false]];

describe.each(databases)('an escalation across kill -9 of the service (%s)', (_name, postgres) => {
  const dir = mkdtempSync(join(tmpdir(), 'escalation-restart-'));
  const procs: ChildProcess[] = [];
  let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  afterAll(async () => {
    for (const p of procs) p.kill('SIGKILL');
    await Promise.all(procs.map(exited));
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
  });

  it('fires the step that came due while it was down once, soon after the restart, and never the first again', async () => {
    // The seeded demo the test apps start from (template-db.ts), when this run has one: a fresh
    // database migrates and seeds with the service's own password hashing, much slower.
    if (postgres) pg = await freshPostgres(process.env.DATABASE_URL!, pgTemplate());
    else await seedDataDir(dir);
    const ports: Ports = { http: await freePort(), mqtt: await freePort() };
    const first = startService(dir, ports, pg?.url);
    procs.push(first);
    await healthy(ports.http);
    const { call } = await apiSession(`http://127.0.0.1:${ports.http}`);

    // Only this policy for SOS: the demo's are switched off (the database is this test's own).
    await onlyPolicy(call, 'restart', 15, consoleThenSms(FIRST_S, SECOND_S, PHONE));

    // A helmet's SOS over the embedded broker, as the device sends it.
    const api = new ServiceClient(`http://127.0.0.1:${ports.http}`);
    await api.login('demo', 'demo123');
    const helmet = (await api.devices()).find((d) => d.kind === 'helmet')!;
    const secret = (await api.secrets([helmet.imei])).get(helmet.imei)!;
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${ports.mqtt}`, {
      username: helmet.imei,
      password: secret,
      reconnectPeriod: 0,
    });
    device.on('error', () => {});
    await device.publishAsync(
      topics.deviceUp(helmet.imei),
      JSON.stringify({ kind: 'alarm', alarm: 'sos', ts: Date.now() }),
      {
        qos: 1,
      },
    );
    await device.endAsync(true);
    const alarm = await until(
      'the SOS stored',
      () =>
        call<{ rows: { id: number }[] }>('device/alarm/list', {
          filters: { imei: helmet.imei, type: 15 },
          sort: [{ field: 'id', order: 'desc' }],
          size: 1,
        }),
      (r) => r.rows.length === 1,
    );
    const alarmId = alarm.rows[0]!.id;
    const timeline = (c: typeof call) => c<AlarmTimeline>('device/alarm/timeline', { id: alarmId });
    const raised = await until(
      'the escalation opened',
      () => timeline(call),
      (t) => t.escalation === 'running',
    );
    const raisedAt = Date.parse(raised.entries[0]!.at);

    // The first step is sent; the service dies before the second.
    await until(
      'the first step sent',
      () => timeline(call),
      (t) => notified(t).some((e) => e.step === 0 && e.outcome === 'sent'),
    );
    first.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(first);
    expect(killedAt).toBeLessThan(raisedAt + SECOND_S * 1000);
    expect(smsOutbox(dir, PHONE)).toEqual([]);
    await sleep(Math.max(0, raisedAt + SECOND_S * 1000 + 1_000 - Date.now()));

    // Back on the same data: one process on PGlite's directory, two replicas on PostgreSQL.
    const replicas: Ports[] = postgres ? [ports, { http: await freePort(), mqtt: await freePort() }] : [ports];
    const dirs = replicas.map((_, i) => (i ? mkdtempSync(join(dir, 'replica-')) : dir));
    procs.push(...replicas.map((p, i) => startService(dirs[i]!, p, pg?.url)));
    await Promise.all(replicas.map((p) => healthy(p.http)));
    const readyAt = Date.now();
    const { call: after } = await apiSession(`http://127.0.0.1:${ports.http}`);
    // Done once the last step is claimed; its deliveries record their outcomes just after.
    const done = await until(
      'the escalation done and its notifications delivered',
      () => timeline(after),
      (t) => t.escalation === 'done' && notified(t).length === 3 && notified(t).every((e) => e.outcome !== 'waiting'),
    );
    expect(notified(done).map((e) => [e.step, e.channel, e.outcome])).toEqual(EACH_STEP_SENT_ONCE);
    // Fired by the restarted service, within a few sweeps of its start.
    for (const e of notified(done).slice(1)) {
      expect(Date.parse(e.at)).toBeGreaterThan(killedAt);
      expect(Date.parse(e.at)).toBeLessThan(readyAt + 5_000);
    }
    // Sent once, by one replica (each writes the outbox of its own data directory).
    expect(dirs.flatMap((d) => smsOutbox(d, PHONE))).toHaveLength(1);
    // Later sweeps add nothing.
    await sleep(1_500);
    expect(notified(await timeline(after))).toHaveLength(3);
  }, 240_000);
});
