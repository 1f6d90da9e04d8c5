// `npm run bench`: prints the figures the foundation is held to. Targets are printed next to
// each figure; a miss sets a non-zero exit code so a regression is visible, never a flaky test.
// `npm run bench:smoke` (BENCH_SMOKE=1, part of `npm test`): every bench at tiny sizes
// (tests/bench/size.ts); only an exception fails it, a figure past its target at that size means nothing.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { initialJsGzip } from './bundle-size';
import { benchDashboard } from './dashboard';
import { benchDeviceList } from './device-list';
import { benchAlarms } from './alarm-latency';
import { benchExportJob } from './export-job';
import { benchRegistryLists } from './registry-lists';
import { benchFaces } from './faces';
import { benchFences } from './fences';
import { benchIngest } from './ingest';
import { listLatency } from './list';
import { benchProtocols } from './protocols';
import { loginRoundTrip } from './login';
import { startConsole } from './browser';
import { benchMapFrames } from './map-frames';
import { benchCamera } from './media-camera';
import { benchCallAnswer } from './media-call';
import { benchSfu } from './media-sfu';
import { benchOfflineStart } from './offline-start';
import { benchSupervision } from './supervision';
import { benchEscalation } from './escalation';
import { benchTrack } from './track';
import { SMOKE } from './size';
import { createTemplate } from '../server/template-db';

const KB = 1024;
const JS_TARGET = 250 * KB;
const started = performance.now();
if (SMOKE)
  console.log(
    'BENCH_SMOKE=1: every bench at tiny sizes; the figures only show that each ran, targets are not enforced.',
  );

/** CPU seconds of this process and of the children it has reaped (services, browsers, publishers): Linux's /proc. */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

/**
 * Runs one bench; under BENCH_SMOKE it also prints what it took, wall clock and CPU (the CPU
 * figure does not grow when other work shares the cores), so the run's slowest part shows.
 */
async function timed<T>(name: string, bench: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const cpu0 = cpuSeconds();
  const out = await bench();
  if (SMOKE)
    console.log(
      `  (${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s, CPU ${(cpuSeconds() - cpu0).toFixed(1)} s)`,
    );
  return out;
}
const print = (lines: string[]) => lines.forEach((line) => console.log(line));
/** Prints a bench's lines; whether one of them is a figure short of its target. */
const report = (lines: string[]) => (print(lines), lines.some((line) => line.includes('MISSED')));

/** Every bench in turn, its figures printed; whether a target was missed. */
async function all(): Promise<boolean> {
  let missed = false;
  if (!existsSync('dist/index.html'))
    throw new Error('dist/ has no build: run `npm run build` first (`npm run bench` does)');
  const js = initialJsGzip('dist');
  console.log('Initial JavaScript (gzip, level 9):');
  for (const f of js.files) console.log(`  ${(f.gzip / KB).toFixed(1).padStart(7)} KB  ${f.file}`);
  const jsOk = js.total < JS_TARGET;
  missed ||= !jsOk;
  console.log(`  ${(js.total / KB).toFixed(1).padStart(7)} KB  total (target < 250 KB) ${jsOk ? 'ok' : 'MISSED'}`);

  const login = await timed('login', () => loginRoundTrip());
  console.log(
    `Login round trip on ${login.db}, argon2id production cost, ${login.n} sequential logins: ` +
      `p50 ${login.p50.toFixed(1)} ms, p95 ${login.p95.toFixed(1)} ms, max ${login.max.toFixed(1)} ms`,
  );

  for (const list of await timed('user list', listLatency)) {
    const ok = list.db !== 'postgres' || list.p95 < 30;
    if (list.db === 'postgres') missed ||= !ok;
    console.log(
      `User list on ${list.db}, ${list.rows.toLocaleString('en')} rows (seeded in ${(list.seedMs / 1000).toFixed(1)} s), page 20 sorted by name, like + status filter, ${list.n} calls: ` +
        `p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms, max ${list.max.toFixed(1)} ms${list.db === 'postgres' ? ` (target p95 < 30 ms) ${ok ? 'ok' : 'MISSED'}` : ''}`,
    );
  }

  missed = report(await timed('device list', benchDeviceList)) || missed;
  missed = report(await timed('export job', benchExportJob)) || missed;
  missed = report(await timed('registry lists', benchRegistryLists)) || missed;
  missed = report(await timed('ingest', benchIngest)) || missed;
  missed = report(await timed('alarm latency', benchAlarms)) || missed;
  missed = report(await timed('device protocols', benchProtocols)) || missed;
  // Track and fences print their targets (README "Tests"); a figure short of one reads MISSED.
  missed = report(await timed('track', benchTrack)) || missed;
  missed = report(await timed('fences', benchFences)) || missed;
  // The dashboard bench prints as it goes; a figure past its target reads MISSED. (Run first, then
  // or-ed: `missed ||= bench()` skipped the bench whenever an earlier figure had missed.)
  const dashboard = await timed('dashboard', () => benchDashboard((line) => console.log(line)));
  missed ||= dashboard.some((line) => line.includes('MISSED'));

  // The smoke run's browser benches share one service: starting one costs more than their tiny runs.
  const shared = SMOKE
    ? await timed('one service for the browser benches', () => startConsole({ mqtt: true }))
    : undefined;
  try {
    missed = report(await timed('map frames', () => benchMapFrames(shared))) || missed;

    const offline = await timed('offline start', () => benchOfflineStart(undefined, shared));
    print(offline.lines);
    missed ||= offline.missed;

    // Media: no targets given, so figures only; each says it is skipped where there is no ffmpeg.
    missed = report(await timed('door call', () => benchCallAnswer(undefined, shared))) || missed;
  } finally {
    await shared?.stop();
  }
  print(await timed('SFU', () => benchSfu()));
  print(await timed('camera', benchCamera));

  // Supervision: a bracelet's fence exit at its supervisor's console within a second.
  missed = report(await timed('supervision', benchSupervision)) || missed;
  missed = report(await timed('escalation', benchEscalation)) || missed;

  // Faces: figures only.
  print(await timed('faces', benchFaces));
  return missed;
}

// Under BENCH_SMOKE each in-process bench's service starts from one seeded demo database, as the
// server tests' apps do (tests/server/template-db.ts): migrating and seeding each afresh took
// about 7 s of CPU per bench. Full runs seed their own, as before.
const dropTemplate = SMOKE ? await createTemplate() : undefined;
let missed: boolean;
try {
  missed = await all();
} finally {
  await dropTemplate?.();
}
console.log(
  `All benches ran in ${((performance.now() - started) / 1000).toFixed(0)} s (CPU ${cpuSeconds().toFixed(0)} s, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores).`,
);
process.exitCode = missed && !SMOKE ? 1 : 0;
