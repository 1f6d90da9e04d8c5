import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { wallClockText } from '../../src/shared/wall-clock';

/** The e2e service's private folder (scripts/e2e-server.mjs): data/ and static/. */
export const workDir = (): string => process.env.E2E_WORK ?? '';

export async function loginWithAccount(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByTestId('account-login');
  await form.getByRole('textbox').first().fill(username);
  await form.locator('input[type="password"]').fill(password);
  await form.getByRole('button').last().click();
}

/**
 * A session of `username` as the login screen leaves it (token and user in localStorage), without
 * the screen: the API's login, kept by a script that runs before the page's own on its next load.
 * For tests of what comes after the login, which open their screen next with `page.goto`; the login
 * screen itself is login.spec.ts's (loginWithAccount). It spares each test the login screen and the
 * landing dashboard, two page loads of a CPU-bound run (docs/performance.md "Test time").
 */
export async function signIn(page: Page, username: string, password = 'demo123'): Promise<void> {
  const res = await page.request.post('/api/auth/auth/login', { data: { username, password, language: 'CN' } });
  const body = (await res.json()) as { code: number; msg?: string; data: unknown };
  expect(body.code, `login ${username}: ${body.msg}`).toBe(0);
  // Once per tab and call: a logout later in the test stays a logout, and a second signIn (after
  // one) puts its own session in place on the next load.
  const once = `e2e-signed-in-${Math.random().toString(36).slice(2)}`;
  const session = { token: res.headers().authorization!, usinfo: JSON.stringify(body.data), once };
  await page.addInitScript(({ token, usinfo, once }) => {
    if (sessionStorage.getItem(once)) return;
    sessionStorage.setItem(once, '1');
    localStorage.setItem('token', token);
    localStorage.setItem('usinfo', usinfo);
  }, session);
}

/** Waits until the admin shell is on screen (side menu rendered from the navigation bar). */
export async function expectShell(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/**
 * A wall time on the tenant's clock (the service's TIME_ZONE, Asia/Shanghai here), as the
 * console shows it and the track screen's URL holds it: `2026-11-28 18:04:09`.
 */
export const onTenantClock = (d: Date): string => wallClockText(d, 'Asia/Shanghai');

/** The local SMS provider appends each message to DATA_DIR/sms-outbox.log. */
export function lastSmsCode(phone: string): string | null {
  const file = join(workDir(), 'data', 'sms-outbox.log');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((l) => l.includes(phone));
  // The login code's message only (src/server/auth/login.ts): an escalation's text to the same
  // phone has digit runs of its own.
  const codes = lines.map((l) => /your code is (\d{6})/.exec(l)?.[1]).filter((c) => c !== undefined);
  return codes.at(-1) ?? null;
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  // A synchronous predicate: waitForFunction would treat an async one's promise as truthy.
  // The controller is set once the worker has installed (precache complete) and claimed the page;
  // it claims the page from its activate event, so it may still be activating then, and an event
  // for the registration (a push) waits for, or misses, the activation's end.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
}

const runFile = promisify(execFile);

/**
 * `npm run sim -- <args>` against the e2e service. The sim finds the service the way `npm start`
 * is configured, so the at-scale variables CI exports (MQTT_URL, DATABASE_URL) must not reach it:
 * the e2e service runs the embedded broker, and a sim publishing to Mosquitto would go unheard.
 */
export async function sim(...args: string[]): Promise<string> {
  const started = Date.now();
  try {
    const { stdout } = await runFile(process.execPath, ['--import', 'tsx', 'src/sim/cli.ts', ...args], {
      env: simEnv(),
      timeout: 60_000,
    });
    return stdout;
  } catch (err) {
    // execFile's message is only the command and stderr; a timeout or a signal leaves both empty.
    const e = err as Error & {
      code?: number | string;
      signal?: string;
      killed?: boolean;
      stdout?: string;
      stderr?: string;
    };
    const how = e.killed
      ? `killed (${e.signal}) after ${Date.now() - started} ms`
      : `exit ${e.code ?? '?'}${e.signal ? ` (${e.signal})` : ''} after ${Date.now() - started} ms`;
    throw new Error(`sim ${args.join(' ')}: ${how}\nstdout: ${e.stdout ?? ''}\nstderr: ${e.stderr ?? ''}`);
  }
}

function simEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: process.env.E2E_PORT,
    MQTT_PORT: process.env.E2E_MQTT_PORT,
    HOST: '127.0.0.1',
  };
  if (!process.env.E2E_USE_EXTERNAL) {
    delete env.MQTT_URL;
    delete env.DATABASE_URL;
  }
  return env;
}

/** A long-running sim command (a door unit holding a call): its output so far, and its exit. */
export function simInBackground(...args: string[]): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sim/cli.ts', ...args], {
    env: simEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/**
 * Waits until a background sim command has printed `pattern`: it has started (on a loaded machine
 * its own start can take longer than the console's reaction to what it then does).
 */
export async function simSays(unit: ReturnType<typeof simInBackground>, pattern: RegExp): Promise<void> {
  await expect
    .poll(() => unit.output(), { timeout: 60_000, message: `sim output to match ${pattern}` })
    .toMatch(pattern);
}

export interface RosterDevice {
  imei: string;
  kind: string;
  /** mqtt, or the device protocol it speaks (docs/protocols.md). */
  protocol: string;
  name: string;
}
let roster: RosterDevice[] | undefined;
/** The demo roster as `sim list` prints it: IMEI, kind, scenario, protocol, name. */
export async function demoRoster(): Promise<RosterDevice[]> {
  roster ??= (await sim('list'))
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    // Device rows only (a JT/T 808 terminal's number is no IMEI): not the header, not the count line.
    .filter((cols) => /^\d{6,20}$/.test(cols[0] ?? '') && cols.length >= 4)
    .map((cols) => ({ imei: cols[0]!, kind: cols[1]!, protocol: cols[3]!, name: cols.slice(4).join(' ') || cols[0]! }));
  return roster;
}

/** The first (or `nth`) demo device of `kind` speaking MQTT, from the simulator's roster. */
export async function deviceOf(kind: string, nth = 0): Promise<string> {
  const found = (await demoRoster()).filter((d) => d.kind === kind && d.protocol === 'mqtt')[nth];
  if (!found) throw new Error(`no ${kind} in the demo roster`);
  return found.imei;
}

/** The demo devices speaking a device protocol: they answer commands as their protocol does, or not at all. */
export async function protocolImeis(): Promise<Set<string>> {
  return new Set((await demoRoster()).filter((d) => d.protocol !== 'mqtt').map((d) => d.imei));
}

/** The service's answer envelope. */
export interface Envelope<T> {
  code: number;
  key?: string;
  msg?: string;
  data: T;
}
export type ApiRow = Record<string, unknown> & { id: number };

/** POST /api/<path> with a session token, the envelope answered. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  body: object,
): Promise<Envelope<T>> {
  const res = await request.post(`/api/${path}`, { data: body, headers: { authorization: token } });
  return (await res.json()) as Envelope<T>;
}

/** A device's newest SOS alarms (type 15), newest first, as the alarm list gives them. */
export async function sosAlarms(request: APIRequestContext, token: string, imei: string, size = 1): Promise<ApiRow[]> {
  const list = await api<{ rows: ApiRow[] }>(request, token, 'device/alarm/list', {
    filters: { imei, type: 15 },
    sort: [{ field: 'id', order: 'desc' }],
    size,
  });
  return list.data.rows;
}

/**
 * Takes (acknowledges) the demo company's critical alarms nobody took, as an operator would, so an
 * SOS a test raised does not escalate into the next test's console (the demo's SOS policy rings
 * again at 15 s and 45 s: docs/alarms.md#acknowledgement-and-escalation).
 */
export async function takeOpenAlarms(request: APIRequestContext): Promise<void> {
  const token = await tokenOf(request, 'demo');
  const list = await api<{ rows: ApiRow[] }>(request, token, 'device/alarm/list', {
    filters: { handleState: 0 },
    sort: [{ field: 'id', order: 'desc' }],
    size: 100,
  });
  const ids = list.data.rows.filter((r) => r.level === 3 && !r.ackedAt).map((r) => r.id);
  const answer = ids.length ? await api(request, token, 'device/alarm/ack', { ids }) : undefined;
  if (answer && answer.code !== 0) throw new Error(`alarm/ack refused: ${answer.msg}`);
}

/** A session token of a demo account (their password is demo123). */
export async function tokenOf(request: APIRequestContext, username: string, password = 'demo123'): Promise<string> {
  const login = await request.post('/api/auth/auth/login', { data: { username, password, language: 'CN' } });
  return String(login.headers().authorization);
}
