import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlarmTimeline } from '../../src/shared/alarms/api';
import { isSuccessCode, type Envelope } from '../../src/shared/api';
import { copyTemplate } from './template-db';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The environment of a real service on loopback: its own ports and data folder, the embedded
 * database and broker (or PostgreSQL at `databaseUrl`), the simulator and device protocols off.
 */
export function serviceEnv(opts: {
  dataDir: string;
  port: number;
  mqttPort: number;
  databaseUrl?: string;
}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(opts.port),
    MQTT_PORT: String(opts.mqttPort),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    SIM: '0',
    SIM_RTSP_PORT: '0',
    PROTOCOLS: 'none',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/nonexistent-static-dir',
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  return env;
}

/**
 * Puts the run's seeded demo database (template-db.ts) where a service with DATA_DIR `dataDir`
 * opens its PGlite, so the service starts on it instead of migrating and seeding afresh: on the
 * 2-core machine a start took 42 s on an empty folder and 18 s this way (the copy is a file copy). Without a template
 * for today (TEST_TEMPLATE=0, or a run past midnight) the folder stays empty and the service seeds.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  copyTemplate(dataDir);
}

/** The real service (`npm start` without the build) in its own process, with `env` over the test's. */
export function startServiceProcess(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** Resolves once the service on `port` answers /api/health. */
export async function healthy(port: number, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error('service did not come up');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const exited = (p: ChildProcess) =>
  new Promise<void>((resolve) =>
    p.exitCode !== null || p.signalCode !== null ? resolve() : p.once('exit', () => resolve()),
  );

/** A user's calls to a running service at `base` (the demo administrator unless told), its session token and id. */
export async function apiSession(base: string, username = 'demo', password = 'demo123') {
  const login = await fetch(`${base}/api/auth/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, language: 'CN' }),
  });
  const token = login.headers.get('authorization');
  const user = ((await login.json()) as Envelope<{ id: number } | null>).data;
  if (!token || !user) throw new Error(`login ${username} at ${base} refused`);
  const call = async <T>(path: string, body: object): Promise<T> => {
    const res = await fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope<T>;
    if (!isSuccessCode(env.code)) throw new Error(`${path}: ${env.msg}`);
    return env.data;
  };
  return { call, token, userId: user.id };
}

export type ApiCall = Awaited<ReturnType<typeof apiSession>>['call'];

/** Makes `steps` the escalation of `alarmType`, the only policy enabled (the database is the test's own). */
export async function onlyPolicy(
  call: ApiCall,
  name: string,
  alarmType: number,
  steps: Record<string, unknown>[],
): Promise<void> {
  const policies = await call<{ rows: { id: number; enabled: boolean }[] }>('device/escalationPolicy/list', {
    size: 100,
  });
  for (const p of policies.rows.filter((r) => r.enabled))
    await call('device/escalationPolicy/update', { id: p.id, enabled: false });
  const policy = await call<{ id: number }>('device/escalationPolicy/add', { name, alarmType, enabled: true });
  for (const step of steps) await call('device/escalationStep/add', { policyId: policy.id, ...step });
}

/**
 * Three escalation steps: the alarm again on the consoles after `firstS`, then after `secondS` the
 * operators on theirs and a text to `phone` (an outside number, to count what was sent: smsOutbox).
 */
export function consoleThenSms(firstS: number, secondS: number, phone: string): Record<string, unknown>[] {
  return [
    { delaySeconds: firstS, target: 'repeat', viaConsole: true },
    { delaySeconds: secondS, target: 'operators', viaConsole: true },
    { delaySeconds: secondS, target: 'address', address: phone, viaSms: true },
  ];
}

/** The notifications on an alarm's timeline, in order. */
export const notified = (t: AlarmTimeline) => t.entries.filter((e) => e.kind === 'notified');

/** [step, channel, outcome] of each notification of consoleThenSms, each step sent once. */
export const EACH_STEP_SENT_ONCE = [
  [0, 'console', 'sent'],
  [1, 'console', 'sent'],
  [2, 'sms', 'sent'],
];

/** The texts a service outside production sent to `phone`, from its data directory's outbox (sms-outbox.log). */
export function smsOutbox(dataDir: string, phone: string): string[] {
  const file = join(dataDir, 'sms-outbox.log');
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.includes(phone))
    : [];
}
