import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import postgres from 'postgres';
import type { UserInfo } from '../../src/shared/auth';
import { JOB_STATE, type Job } from '../../src/shared/jobs';
import { buildApp } from '../../src/server/app';
import type { SmsProvider } from '../../src/server/auth/sms';
import type { Config } from '../../src/server/config';
import type { Clock } from '../../src/server/lib/clock';

import { CHEAP_ARGON2, pgliteFromTemplate, pgTemplate, withDatabase } from './template-db';

export { CHEAP_ARGON2 };

/** The test apps' MQTT_HTTP_SECRET, and the `post` option that presents it as a broker does. */
export const BROKER_HOOK_SECRET = 'test-broker-hook-secret-0123456789';
export const AS_BROKER = { token: `Bearer ${BROKER_HOOK_SECRET}` };

export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = Date.now()): ManualClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export interface RecordingSms extends SmsProvider {
  sent: { phone: string; text: string }[];
  /** The code of the last message to `phone`. */
  lastCode(phone: string): string | undefined;
}

export function recordingSms(): RecordingSms {
  const sent: { phone: string; text: string }[] = [];
  return {
    name: 'recording',
    sent,
    async send(phone, text) {
      sent.push({ phone, text });
    },
    lastCode: (phone) =>
      sent
        .filter((m) => m.phone === phone)
        .at(-1)
        ?.text.match(/\d{6}/)?.[0],
  };
}

/**
 * A fresh PostgreSQL database per test file, so files run in parallel; dropped afterwards. With a
 * template (the run's seeded one, template-db.ts) it starts as a copy of it.
 */
export async function freshPostgres(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return {
    url: withDatabase(baseUrl, name),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  sms: RecordingSms;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Use the embedded broker even when MQTT_URL is set (the Aedes-specific tests). */
  embeddedBroker?: boolean;
  /** Logger options (tests that read the log); off by default. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * The service's test mode: background sweeps (payment reconcile, attendance finalisation,
 * inspection reminders, scheduled announcements) stay off and the simulated carrier answers at
 * once; on an external broker a random client id with a clean session (a stable one would carry
 * one test file's persistent session, and its subscriptions, into the next).
 */
function testMode(logger: FastifyServerOptions['logger'] = false) {
  return { env: { NODE_ENV: 'test' }, logger };
}

const testConfig: Partial<Config> = {
  mqttPort: 0,
  staticDir: '/nonexistent-static-dir',
  argon2: CHEAP_ARGON2,
  // Test apps share one broker: each takes a random client id with a clean session.
  mqttClientId: undefined,
  // Tests publish thousands of messages from one device on a clock that stands still.
  deviceRate: { perS: 0, burst: 1 },
  mqttHttpSecret: BROKER_HOOK_SECRET,
  // Webhook tests deliver to a receiver on 127.0.0.1; the refusal is tested with it false.
  webhookAllowPrivate: true,
};

/**
 * A second service instance on the database and external broker of `t`, with its clock (a
 * replica of the same deployment: `config` names its ingest group and the like).
 */
export async function buildReplica(t: TestApp, config: Partial<Config> = {}): Promise<FastifyInstance> {
  return buildApp({
    ...testMode(),
    clock: t.clock,
    config: {
      databaseUrl: t.app.config.databaseUrl,
      mqttUrl: t.app.config.mqttUrl,
      ...testConfig,
      ...config,
    },
  });
}

/**
 * The app on a throwaway database (in-memory PGlite, or a fresh PostgreSQL database when
 * DATABASE_URL is set), seeded with the demo data, cheap argon2, a manual clock and an SMS
 * provider that records instead of logging. The broker follows MQTT_URL unless told otherwise.
 * The database is a copy of the run's seeded template where there is one (template-db.ts).
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  // The template holds the demo seed; a production app seeds its own (no demo data, its administrator).
  const demo = opts.config?.env !== 'production';
  const pg = process.env.DATABASE_URL
    ? await freshPostgres(process.env.DATABASE_URL, demo ? pgTemplate() : undefined)
    : undefined;
  const database = pg || !demo ? undefined : await pgliteFromTemplate();
  const clock = manualClock();
  const sms = recordingSms();
  const app = await buildApp({
    ...testMode(opts.logger),
    clock,
    sms,
    database,
    config: {
      memoryDb: !pg,
      databaseUrl: pg?.url,
      mqttUrl: opts.embeddedBroker ? undefined : process.env.MQTT_URL || undefined,
      ...testConfig,
      ...opts.config,
    },
  });
  return {
    app,
    clock,
    sms,
    close: async () => {
      await app.close();
      await pg?.drop();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  key?: string;
  msg: string;
  data: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** POST through app.inject, as the console does: JSON body, token in Authorization. */
export async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  body?: unknown,
  opts: { token?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: opts.token ? { authorization: opts.token } : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  const json = res.json() as { code: number; key?: string; msg: string; data: T };
  return { status: res.statusCode, ...json, headers: res.headers };
}

export async function login(app: FastifyInstance, username: string, password: string, ip?: string) {
  const res = await post<UserInfo>(app, '/api/auth/auth/login', { username, password, language: 'CN' }, { ip });
  if (res.code !== 0) throw new Error(`login ${username} failed: ${res.code} ${res.msg}`);
  return { token: String(res.headers.authorization), user: res.data };
}

/** A queued job once it has ended (done, failed or timed out), read as `token` sees it. */
export async function finishedJob(app: FastifyInstance, id: number, token: string): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    await app.jobs.runner.idle();
    const job = (await post<Job>(app, '/api/user/job/get', { id }, { token })).data;
    if (job.state >= JOB_STATE.done) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not finish`);
}
