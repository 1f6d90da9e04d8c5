// Field use: the installed PWA, started with the network off, draws the last dashboard and
// device list from the persisted query cache (IndexedDB) and the service worker's shell. Each
// screen is visited online once (the cache persists within a second), then a new page in the same
// browser profile opens it with the context offline; the figure is the time from navigation start
// to the first numbers drawn (performance.now() in the page when the screen's figure element
// first holds a digit). Target < 1.5 s. Headless Chromium in a persistent profile, as an installed
// app runs, no GPU, on a shared 2-core machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { loginAsDemo, startConsole, type BenchConsole } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { benchFailed, sized } from './size';

const TARGET_MS = 1_500;
const RUNS = sized(5, 1, 'OFFLINE_RUNS');

/** A screen and the element whose digits are "the first numbers drawn". */
export interface OfflineScreen {
  label: string;
  path: string;
  selector: string;
}

export const OFFLINE_SCREENS: OfflineScreen[] = [
  { label: 'dashboard /index', path: '/index', selector: '[data-testid^=dash-figure-]' },
  { label: 'device list /DeviceList', path: '/DeviceList', selector: '[data-testid=data-table] tbody tr td' },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Installed in every page before its scripts: records when `selector` first shows a digit. A
 * string, not a function: tsx's transform would wrap a function's inner closures in a helper the
 * page does not have.
 */
export const watchFirstNumbers = (selector: string) => `(() => {
  const check = () => {
    if (window.__firstNumbers !== undefined) return;
    for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
      if (/\\d/.test(el.textContent || '')) { window.__firstNumbers = performance.now(); return; }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

export async function firstNumbers(page: Page, timeoutMs = 20_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __firstNumbers?: number }).__firstNumbers,
    null,
    { timeout: timeoutMs },
  );
  return (await handle.jsonValue()) as number;
}

/** On `shared` when given (the smoke run's one service), else on a service of its own. */
export async function benchOfflineStart(
  screens = OFFLINE_SCREENS,
  shared?: BenchConsole,
): Promise<{ lines: string[]; missed: boolean }> {
  // An installed app runs in the user's persistent profile, where V8 keeps the compiled code of the
  // service worker's cached scripts; an off-the-record context (browser.newContext()) never does and
  // compiles all of them again at every start (about 2 s of background compiling for /index here).
  const profile = mkdtempSync(join(tmpdir(), 'offline-start-'));
  const lines: string[] = [];
  let missed = false;
  let server: BenchConsole | undefined;
  let context: BrowserContext | undefined;
  try {
    server = shared ?? (await startConsole());
    const { base } = server;
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    await loginAsDemo(page, base);
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
      .catch(() => {
        throw new Error('the service worker never took control');
      });
    for (const screen of screens) {
      await page.addInitScript(watchFirstNumbers(screen.selector));
      await page.goto(`${base}${screen.path}`);
      await firstNumbers(page, 60_000);
      // The persister writes at most once a second.
      await page.waitForTimeout(2_000);
    }
    await page.close();

    await context.setOffline(true);
    for (const screen of screens) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const cold = await context.newPage();
        await cold.addInitScript(watchFirstNumbers(screen.selector));
        await cold.goto(`${base}${screen.path}`);
        times.push(
          await firstNumbers(cold).catch(async (err: unknown) => {
            if (process.env.BENCH_SHOTS)
              await cold.screenshot({ path: `/tmp/offline-${screen.path.replace(/\W/g, '')}.png` });
            throw err;
          }),
        );
        await cold.close();
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      const ok = p95 < TARGET_MS;
      missed ||= !ok;
      lines.push(
        `Offline cold start of ${screen.label} from the persisted cache, ${RUNS} starts: median ${pct(times, 50).toFixed(0)} ms, worst ${p95.toFixed(0)} ms (target < ${TARGET_MS} ms) ${ok ? 'ok' : 'MISSED'}`,
      );
    }
  } catch (err) {
    missed = true;
    lines.push(benchFailed('Offline cold start', err));
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    if (!shared) await server?.stop();
  }
  return { lines, missed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv[2];
  const { lines, missed } = await benchOfflineStart(
    only ? OFFLINE_SCREENS.filter((s) => s.path === only) : OFFLINE_SCREENS,
  );
  for (const line of lines) console.log(line);
  process.exitCode = missed ? 1 : 0;
}
