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
import { benchForward } from './forward';
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
import { benchWebhooks } from './webhooks';
import { benchPhones } from './phones';
import { benchTrack } from './track';
import { SMOKE } from './size';
import { createTemplate, givenTemplate } from '../server/template-db';

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
 * Runs one bench; under BENCH_SMOKE it also notes what it took, wall clock and CPU (the CPU
 * figure does not grow when other work shares the cores; with the smoke run's two lanes side by
 * side it is the whole process's), so the run's slowest part shows.
 */
async function timed<T>(out: Out, name: string, bench: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const cpu0 = cpuSeconds();
  const result = await bench();
  if (SMOKE)
    out.say(
      `  (${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s, CPU ${(cpuSeconds() - cpu0).toFixed(1)} s)`,
    );
  return result;
}
const print = (lines: string[]) => lines.forEach((line) => console.log(line));

/** Where a lane's lines go: `say` adds lines, `report` a bench's lines and whether one is a figure short of its target. */
interface Out {
  say(...lines: string[]): void;
  report(lines: string[]): boolean;
}

/** The benches on in-process services: the API, the ingest, alarms, protocols, the dashboard and the rest. */
async function serviceLane(out: Out): Promise<boolean> {
  let missed = false;
  const login = await timed(out, 'login', () => loginRoundTrip());
  out.say(
    `Login round trip on ${login.db}, argon2id production cost, ${login.n} sequential logins: ` +
      `p50 ${login.p50.toFixed(1)} ms, p95 ${login.p95.toFixed(1)} ms, max ${login.max.toFixed(1)} ms`,
  );

  for (const list of await timed(out, 'user list', listLatency)) {
    const ok = list.db !== 'postgres' || list.p95 < 30;
    if (list.db === 'postgres') missed ||= !ok;
    out.say(
      `User list on ${list.db}, ${list.rows.toLocaleString('en')} rows (seeded in ${(list.seedMs / 1000).toFixed(1)} s), page 20 sorted by name, like + status filter, ${list.n} calls: ` +
        `p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms, max ${list.max.toFixed(1)} ms${list.db === 'postgres' ? ` (target p95 < 30 ms) ${ok ? 'ok' : 'MISSED'}` : ''}`,
    );
  }

  missed = out.report(await timed(out, 'device list', benchDeviceList)) || missed;
  missed = out.report(await timed(out, 'export job', benchExportJob)) || missed;
  missed = out.report(await timed(out, 'registry lists', benchRegistryLists)) || missed;
  missed = out.report(await timed(out, 'ingest', benchIngest)) || missed;
  missed = out.report(await timed(out, 'alarm latency', benchAlarms)) || missed;
  missed = out.report(await timed(out, 'device protocols', benchProtocols)) || missed;
  // Track and fences print their targets (README "Tests"); a figure short of one reads MISSED.
  missed = out.report(await timed(out, 'track', benchTrack)) || missed;
  missed = out.report(await timed(out, 'fences', benchFences)) || missed;
  // The dashboard bench reports as it goes; a figure past its target reads MISSED. (Run first, then
  // or-ed: `missed ||= bench()` skipped the bench whenever an earlier figure had missed.)
  const dashboard = await timed(out, 'dashboard', () => benchDashboard((line) => out.say(line)));
  missed ||= dashboard.some((line) => line.includes('MISSED'));

  // Supervision: a bracelet's fence exit at its supervisor's console within a second.
  missed = out.report(await timed(out, 'supervision', benchSupervision)) || missed;
  missed = out.report(await timed(out, 'escalation', benchEscalation)) || missed;
  // Webhooks: an SOS at 100 registered endpoints, raise to request p95 < 500 ms.
  missed = out.report(await timed(out, 'webhooks', benchWebhooks)) || missed;
  // Patrol phones: an SOS to 1,000 phones by Web Push, and 1,000 phones sharing positions.
  missed = out.report(await timed(out, 'phones', benchPhones)) || missed;
  // Forwarding: 10,000 positions a second to RabbitMQ with publisher confirms (skipped without a RabbitMQ).
  missed = out.report(await timed(out, 'forwarding', benchForward)) || missed;

  // Faces: figures only.
  out.say(...(await timed(out, 'faces', benchFaces)));
  return missed;
}

/** The benches in a browser or on media: map frames, the offline start, the door call, the SFU, a camera. */
async function browserLane(out: Out): Promise<boolean> {
  let missed = false;
  // The smoke run's browser benches share one service: starting one costs more than their tiny runs.
  const shared = SMOKE
    ? await timed(out, 'one service for the browser benches', () => startConsole({ mqtt: true }))
    : undefined;
  try {
    missed = out.report(await timed(out, 'map frames', () => benchMapFrames(shared))) || missed;

    const offline = await timed(out, 'offline start', () => benchOfflineStart(undefined, shared));
    out.say(...offline.lines);
    missed ||= offline.missed;

    // Media: no targets given, so figures only; each says it is skipped where there is no ffmpeg.
    missed = out.report(await timed(out, 'door call', () => benchCallAnswer(undefined, shared))) || missed;
  } finally {
    await shared?.stop();
  }
  out.say(...(await timed(out, 'SFU', () => benchSfu())));
  out.say(...(await timed(out, 'camera', benchCamera)));
  return missed;
}

/** Runs a lane, its lines printed as they come (a full run) or together when it ends (side by side). */
async function lane(run: (out: Out) => Promise<boolean>, live: boolean): Promise<boolean> {
  const lines: string[] = [];
  const say = (...xs: string[]) => void (live ? print(xs) : lines.push(...xs));
  const out: Out = { say, report: (xs) => (say(...xs), xs.some((line) => line.includes('MISSED'))) };
  try {
    return await run(out);
  } finally {
    print(lines);
  }
}

/**
 * Every bench, its figures printed; whether a target was missed. A full run takes the benches
 * one at a time, so that no figure shares the cores with another bench. The smoke run, where
 * the figures only show that each bench ran, runs its two lanes side by side: the browser
 * lane's time is mostly waits on a browser, a service process and media (the run took 161 s
 * with one of the two cores idle half the time).
 */
async function all(): Promise<boolean> {
  if (!existsSync('dist/index.html'))
    throw new Error('dist/ has no build: run `npm run build` first (`npm run bench` does)');
  const js = initialJsGzip('dist');
  console.log('Initial JavaScript (gzip, level 9):');
  for (const f of js.files) console.log(`  ${(f.gzip / KB).toFixed(1).padStart(7)} KB  ${f.file}`);
  const jsOk = js.total < JS_TARGET;
  console.log(`  ${(js.total / KB).toFixed(1).padStart(7)} KB  total (target < 250 KB) ${jsOk ? 'ok' : 'MISSED'}`);
  if (!SMOKE) return [await lane(serviceLane, true), await lane(browserLane, true)].some(Boolean) || !jsOk;
  // Both lanes end before the template goes: a lane that throws fails the run once the other is done.
  const ended = await Promise.allSettled([lane(serviceLane, false), lane(browserLane, false)]);
  for (const e of ended) if (e.status === 'rejected') throw e.reason;
  return !jsOk || ended.some((e) => e.status === 'fulfilled' && e.value);
}

// Under BENCH_SMOKE each in-process bench's service starts from one seeded demo database, as the
// server tests' apps do (tests/server/template-db.ts): migrating and seeding each afresh took
// about 7 s of CPU per bench. Full runs seed their own, as before.
const dropTemplate = SMOKE && !givenTemplate() ? await createTemplate() : undefined;
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
