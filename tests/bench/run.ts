// `npm run bench`: prints the figures the foundation is held to. Targets are printed next to
// each figure; a miss sets a non-zero exit code so a regression is visible, never a flaky test.
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
import { loginRoundTrip } from './login';
import { benchMapFrames } from './map-frames';
import { benchCamera } from './media-camera';
import { benchCallAnswer } from './media-call';
import { benchSfu } from './media-sfu';
import { benchOfflineStart } from './offline-start';
import { benchSupervision } from './supervision';
import { benchTrack } from './track';

const KB = 1024;
const JS_TARGET = 250 * KB;
let missed = false;

const js = initialJsGzip('dist');
console.log('Initial JavaScript (gzip, level 9):');
for (const f of js.files) console.log(`  ${(f.gzip / KB).toFixed(1).padStart(7)} KB  ${f.file}`);
const jsOk = js.total < JS_TARGET;
missed ||= !jsOk;
console.log(`  ${(js.total / KB).toFixed(1).padStart(7)} KB  total (target < 250 KB) ${jsOk ? 'ok' : 'MISSED'}`);

const login = await loginRoundTrip();
console.log(
  `Login round trip on ${login.db}, argon2id production cost, ${login.n} sequential logins: ` +
    `p50 ${login.p50.toFixed(1)} ms, p95 ${login.p95.toFixed(1)} ms, max ${login.max.toFixed(1)} ms`,
);

for (const list of await listLatency()) {
  const ok = list.db !== 'postgres' || list.p95 < 30;
  if (list.db === 'postgres') missed ||= !ok;
  console.log(
    `User list on ${list.db}, 100,000 rows (seeded in ${(list.seedMs / 1000).toFixed(1)} s), page 20 sorted by name, like + status filter, ${list.n} calls: ` +
      `p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms, max ${list.max.toFixed(1)} ms${list.db === 'postgres' ? ` (target p95 < 30 ms) ${ok ? 'ok' : 'MISSED'}` : ''}`,
  );
}

for (const line of await benchDeviceList()) console.log(line);
for (const line of await benchExportJob()) console.log(line);
for (const line of await benchRegistryLists()) console.log(line);
for (const line of await benchIngest()) console.log(line);
for (const line of await benchAlarms()) console.log(line);
for (const line of await benchTrack()) console.log(line);
for (const line of await benchFences()) console.log(line);
// The dashboard bench prints as it goes; a figure past its target reads MISSED.
missed ||= (await benchDashboard((line) => console.log(line))).some((line) => line.includes('MISSED'));

for (const line of await benchMapFrames()) console.log(line);

const offline = await benchOfflineStart();
for (const line of offline.lines) console.log(line);
missed ||= offline.missed;

// Supervision (issue 18): a bracelet's fence exit at its supervisor's console within a second.
const supervision = await benchSupervision();
for (const line of supervision) console.log(line);
missed ||= supervision.some((line) => line.includes('MISSED'));

// Media (issue 15): no targets given, so figures only.
for (const line of await benchCallAnswer()) console.log(line);
for (const line of await benchSfu()) console.log(line);
for (const line of await benchCamera()) console.log(line);

// Faces (issue 16): figures only.
for (const line of await benchFaces()) console.log(line);

process.exitCode = missed ? 1 : 0;
