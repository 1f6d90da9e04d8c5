// Call answer to first picture (`npm run bench`): the built service on a private data
// directory and free ports, the console logged in as demo in headless Chromium with a fake camera
// and microphone, and a simulated door unit calling with real media (`npm run sim -- call`: ffmpeg's
// VP8 640x480@15 fps through the service's SFU). The figure with a target runs from the call
// dialog opening to the first frame of the door unit's picture on screen (the presentation time a
// requestVideoFrameCallback on the remote <video> reports), both on the page's clock: target p95
// < 1 s (docs/performance.md, "Door call: where the time went"). The click on "answer" (a capture
// listener in the page) is printed too: the dialog opens 1 s after it, the answer delay of
// docs/requirements/realtime-intercom.md#incoming-call-flow. Needs dist/ (npm run build).
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import { REALTIME } from '../../src/shared/alarms/push';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../chromium';
import { loginAsDemo, startConsole, type BenchConsole } from './browser';
import { mediaSkipped } from './ffmpeg';
import { percentiles } from './login';
import { benchFailed, sized } from './size';

// Five by default: each call is a new `sim call` process (start-up, login, ffmpeg, publishing) before it rings.
const CALLS = sized(5, 1, 'MEDIA_CALLS');
/** Dialog open to the door unit's first decoded frame, p95. */
const TARGET_P95_MS = 1000;

interface Marks {
  click?: number;
  dialog?: number;
  video?: number;
  frame?: number;
}

/**
 * Installed before each answer: the click, the dialog's media box, the remote <video> and its
 * first presented frame, on performance.now(). A string, not a function: tsx's transform would
 * wrap inner closures in a helper the page does not have.
 */
const WATCH = `(() => {
  const b = (window.__callBench = {});
  const onClick = (e) => {
    if (!(e.target instanceof Element) || !e.target.closest('[data-testid=call-answer]')) return;
    b.click = performance.now();
    document.removeEventListener('click', onClick, true);
  };
  document.addEventListener('click', onClick, true);
  const REMOTE = 'video[data-testid=call-remote-video]';
  const old = new Set(document.querySelectorAll(REMOTE));
  const check = () => {
    if (b.dialog === undefined && document.querySelector('[data-testid=call-media]')) b.dialog = performance.now();
    const video = [...document.querySelectorAll(REMOTE)].find((v) => !old.has(v));
    if (video && b.video === undefined) {
      b.video = performance.now();
      video.requestVideoFrameCallback((now, meta) => (b.frame = meta.presentationTime || now));
    }
    if (b.video !== undefined) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true });
})();`;

/** `npm run sim -- <args>` against the bench's service, as tests/e2e/helpers.ts runs it. */
function sim(
  ports: { http: number; mqtt: number },
  args: string[],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports.http),
    MQTT_PORT: String(ports.mqtt),
    HOST: '127.0.0.1',
  };
  delete env.MQTT_URL;
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sim/cli.ts', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits for a process to end: asked with SIGINT first, killed after `graceMs`. */
async function ended(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** One call: ring, answer, first frame, hang up, the door unit gone. The page's marks. */
async function oneCall(
  page: Page,
  ports: { http: number; mqtt: number },
  door: string,
  room: string,
): Promise<Required<Marks>> {
  const unit = sim(ports, ['call', '--imei', door, '--room', room, '--seconds', '60']);
  try {
    await page.locator('[data-testid=call-status][data-state=ringing]').waitFor({ timeout: 30_000 });
    await page.evaluate(WATCH);
    await page.getByTestId('call-answer').click();
    const handle = await page.waitForFunction(
      () => {
        const b = (window as unknown as { __callBench: Marks }).__callBench;
        return b.frame !== undefined && b;
      },
      null,
      { timeout: 30_000, polling: 50 },
    );
    const marks = (await handle.jsonValue()) as Required<Marks>;
    await page.getByTestId('call-hangup').click();
    await page.getByTestId('call-hangup').waitFor({ state: 'hidden', timeout: 10_000 });
    // The operator's publication is gone, so the door unit leaves by itself (within its 1 s poll).
    await Promise.race([unit.exited, sleep(20_000)]);
    return marks;
  } catch (err) {
    // A dialog left open keeps the console busy, and the next call would never ring.
    await page
      .getByTestId('call-hangup')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    throw new Error(
      `${err instanceof Error ? err.message.split('\n')[0] : String(err)}; door unit said: ${unit.output().trim().split('\n').slice(-2).join(' | ')}`,
    );
  } finally {
    await ended(unit.child, unit.exited, 5_000);
  }
}

/** On `shared` when given (the smoke run's one service, with its TCP broker port), else on a service of its own. */
export async function benchCallAnswer(
  log: (line: string) => void = () => undefined,
  shared?: BenchConsole,
): Promise<string[]> {
  const lines: string[] = [];
  const print = (line: string) => (lines.push(line), log(line));
  const skipped = mediaSkipped('door call answer');
  if (skipped) return (print(skipped), lines);
  let server: BenchConsole | undefined;
  let browser: Browser | undefined;
  try {
    server = shared ?? (await startConsole({ mqtt: true }));
    const { base, ports } = server;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] });
    const list = sim(ports, ['list']);
    await list.exited;
    const door = list.output().match(/^(86\d{13})\s+doorUnit\b/m)?.[1];
    if (!door) throw new Error(`no door unit in the demo roster: ${list.output().trim().split('\n').at(-1)}`);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loginAsDemo(page, base);
    await page.locator('html[data-live=connected]').waitFor({ state: 'attached', timeout: 30_000 });
    const runs: Required<Marks>[] = [];
    const failures: string[] = [];
    // Two failures before any success: something is broken, and each failure costs its timeouts.
    for (let i = 0; i < CALLS && !(failures.length >= 2 && runs.length === 0); i++) {
      await oneCall(page, ports, door, `07${String(i + 1).padStart(2, '0')}`).then(
        (marks) => runs.push(marks),
        (err: Error) => failures.push(err.message),
      );
    }
    if (!runs.length) throw new Error(failures[0]);
    const ms = (xs: number[]) => {
      const p = percentiles(xs);
      return `p50 ${p.p50.toFixed(0)} ms, p95 ${p.p95.toFixed(0)} ms, max ${p.max.toFixed(0)} ms`;
    };
    const net = runs.map((r) => r.frame - r.dialog);
    const ok = percentiles(net).p95 < TARGET_P95_MS;
    print(
      `Door call, dialog open to first decoded frame (headless Chromium with a fake camera answering \`sim call\`'s ffmpeg VP8 640x480 ` +
        `through the SFU; the call dialog's media box to the remote <video>'s first requestVideoFrameCallback presentation time), ` +
        `${runs.length} calls${failures.length ? ` (${failures.length} failed: ${failures[0]})` : ''}: ${ms(net)} ` +
        `(target p95 < ${TARGET_P95_MS} ms) ${ok ? 'ok' : 'MISSED'}`,
    );
    const p50 = (xs: number[]) => `${percentiles(xs).p50.toFixed(0)} ms`;
    print(
      `  from the click on "answer": ${ms(runs.map((r) => r.frame - r.click))}, of which the answer delay (docs/requirements/realtime-intercom.md: ` +
        `${REALTIME.closeDelayMs / 1000} s before the dialog opens) ${ms(runs.map((r) => r.dialog - r.click))}; ` +
        `medians from the dialog opening: the remote <video> there ${p50(runs.map((r) => r.video - r.dialog))}, ` +
        `then its first frame ${p50(runs.map((r) => r.frame - r.video))}`,
    );
  } catch (err) {
    print(benchFailed('Door call answer to first decoded frame', err));
  } finally {
    await browser?.close();
    if (!shared) await server?.stop();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchCallAnswer((line) => console.log(line));
}
