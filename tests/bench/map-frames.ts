// Map frame time: the /locations screen in Chromium with 10,000 device markers (the marker list
// answer is replaced by a generated one around Shenzhen), panned and zoomed for a few seconds by
// mouse; frame times are the gaps between requestAnimationFrame callbacks. Headless Chromium
// with --disable-gpu renders WebGL in software (SwiftShader): the figures are for the CPU only,
// far slower than a phone's or laptop's GPU, and are reported as such. A software renderer draws
// the map at a lower resolution and without antialiased fill edges while it moves, and at full
// resolution once it is still (src/client/map/maplibre/resolution.ts): that last redraw is
// measured apart, after the movement.
// Before the movement, the map at rest must not be redrawn at all.
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { loginAsDemo, startConsole, type BenchConsole } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { sized } from './size';

const MARKERS = sized(10_000, 100, 'BENCH_MAP_MARKERS');
const RUN_MS = sized(6_000, 1_000);
const IDLE_MS = sized(2_000, 500);
const TARGET_P95_MS = 50;

function fakeFleet(n: number) {
  // A deterministic scatter over about 60 x 40 km, every state represented.
  let seed = 42;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => ({
    imei: String(860_000_000_000_000 + i),
    name: `bench ${i}`,
    state: i % 10 === 0 ? 0 : i % 37 === 0 ? 3 : 1,
    lat: 22.35 + rnd() * 0.4,
    lon: 113.8 + rnd() * 0.6,
  }));
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** On `shared` when given (the smoke run's one service), else on a service of its own without the simulator. */
export async function benchMapFrames(shared?: BenchConsole): Promise<string[]> {
  const server = shared ?? (await startConsole({ sim: false }));
  const { base } = server;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const fleet = fakeFleet(MARKERS);
    await page.route('**/api/map/devices', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 0, msg: 'OK', key: 'ok', data: fleet }),
      }),
    );
    await loginAsDemo(page, base);
    await page.goto(`${base}/map/locations`);
    await page.waitForFunction(
      () => {
        const map = (
          document.querySelector('[data-testid=map-host]') as unknown as {
            __maplibre?: { loaded(): boolean; getSource(id: string): unknown };
          } | null
        )?.__maplibre;
        return !!map?.loaded() && !!map.getSource('devices');
      },
      null,
      { timeout: 60_000 },
    );
    const drawn = await page.evaluate(async () => {
      const map = (
        document.querySelector('[data-testid=map-host]') as unknown as {
          __maplibre: {
            getSource(id: string): { getData(): Promise<{ features: unknown[] }> };
            once(e: string, f: () => void): void;
            on(e: string, f: () => void): void;
            jumpTo(o: object): void;
          };
        }
      ).__maplibre;
      map.jumpTo({ center: [114.1, 22.55], zoom: 10 });
      await new Promise<void>((r) => map.once('idle', () => r()));
      // Every frame the map draws from here on, counted to tell a map at rest that still redraws.
      const w = window as unknown as { __mapRenders: number };
      w.__mapRenders = 0;
      map.on('render', () => void w.__mapRenders++);
      return (await map.getSource('devices').getData()).features.length;
    });
    // The jump's own full-resolution redraw (a software renderer's) comes after its idle: let it pass.
    await page.waitForTimeout(1_000);
    const rendersAt = () => page.evaluate(() => (window as unknown as { __mapRenders: number }).__mapRenders);
    const idleFrom = await rendersAt();
    await page.waitForTimeout(IDLE_MS);
    const idleRenders = (await rendersAt()) - idleFrom;

    // As source text: tsx would wrap named functions in a helper the page does not have.
    await page.evaluate(`(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (now) => { window.__frames.push(now - last); last = now; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    const box = (await page.getByTestId('map-host').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const start = Date.now();
    for (let i = 0; Date.now() - start < RUN_MS; i++) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + (i % 2 ? -200 : 200), cy + (i % 3 ? 80 : -80), { steps: 12 });
      await page.mouse.up();
      await page.mouse.wheel(0, i % 4 < 2 ? -240 : 240);
      await page.waitForTimeout(120);
    }
    const load = loadavg()[0]!;
    const frames = (await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames))
      .slice(1)
      .sort((a, b) => a - b);
    const fps = (1000 * frames.length) / frames.reduce((s, f) => s + f, 0);
    const p95 = pct(frames, 95);
    // The next second holds the end of the last zoom and, on a software renderer, the redraw at full resolution.
    await page.evaluate(() => void ((window as unknown as { __frames: number[] }).__frames = []));
    await page.waitForTimeout(1_000);
    const rest = (await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames)).slice(1);
    return [
      `Map frame time, /locations with ${drawn.toLocaleString('en-US')} markers (clustered), ${RUN_MS / 1000} s of mouse pan and wheel zoom, ${frames.length} frames: ` +
        `p50 ${pct(frames, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${frames.at(-1)!.toFixed(1)} ms (${fps.toFixed(0)} fps) (target p95 < ${TARGET_P95_MS} ms) ${p95 < TARGET_P95_MS ? 'ok' : 'MISSED'} - ` +
        `headless Chromium, --disable-gpu: software WebGL (SwiftShader) on the CPU, not a GPU figure; load average ${load.toFixed(1)} on ${cpus().length} cores`,
      `  at rest: ${idleRenders} map redraws in ${IDLE_MS / 1000} s before the movement (target 0) ${idleRenders === 0 ? 'ok' : 'MISSED'}; ` +
        `the longest frame of the second after it ${Math.max(0, ...rest).toFixed(1)} ms (the movement's last frames and, on a software renderer, the redraw at full resolution)`,
    ];
  } finally {
    await browser.close();
    if (!shared) await server.stop();
  }
}

if (process.argv[1]?.endsWith('map-frames.ts')) for (const line of await benchMapFrames()) console.log(line);
