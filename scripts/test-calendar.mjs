#!/usr/bin/env node
// `npm run test:calendar`: the unit phase again with the machine's clock set to calendar edges, so a
// test that only passes on an ordinary day fails here instead of in CI at the end of a month. The
// clock is moved with libfaketime (Debian's `faketime`; installed with apt-get when this runs as
// root on Debian), which moves the service's clock and the embedded PostgreSQL's alike; the clock
// then runs on from the instant given. The monotonic clock stays real, so timers keep their pace.
// `node scripts/test-calendar.mjs <instant>... [-- <vitest args>]` picks other instants.
import { spawnSync } from 'node:child_process';

/** Each instant, and the edge it puts a test on (the demo tenant's zone is Asia/Shanghai, UTC+8). */
const EDGES = [
  ['2026-12-31T15:58:00Z', "New Year's Eve a minute before the tenant's midnight"],
  ['2027-02-28T23:30:00Z', 'the last day of February in UTC, already 1 March on the tenant\u2019s clock'],
  ['2027-03-14T06:58:00Z', 'two minutes before New York\u2019s clocks go forward (the client-tz tests)'],
  ['2026-11-01T05:30:00Z', 'New York\u2019s repeated hour when its clocks go back'],
];

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const picked = dash < 0 ? argv : argv.slice(0, dash);
const vitestArgs = dash < 0 ? [] : argv.slice(dash + 1);
const edges = picked.length ? picked.map((at) => [at, 'given']) : EDGES;

if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  const canApt =
    process.platform === 'linux' &&
    process.getuid?.() === 0 &&
    spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canApt) {
    console.error('test:calendar needs libfaketime: install it (Debian/Ubuntu: sudo apt-get install faketime).');
    process.exit(1);
  }
  console.log('test:calendar: installing faketime with apt-get...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['install', '-y', '-qq', 'faketime'], { stdio: ['ignore', 'ignore', 'inherit'], env });
}

const results = [];
for (const [at, what] of edges) {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) {
    console.error(`test:calendar: "${at}" is no instant (ISO 8601, e.g. 2026-12-31T15:58:00Z)`);
    process.exit(1);
  }
  // faketime reads a local time; in UTC it is the instant as given.
  const local = instant
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
  console.log(`\ntest:calendar: the unit phase at ${instant.toISOString()} (${what})`);
  const started = Date.now();
  // The unit phase's databases and broker: PGlite and Aedes in the process, whose clock is moved.
  const env = { ...process.env, TZ: 'UTC', FAKETIME_DONT_FAKE_MONOTONIC: '1' };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  const r = spawnSync('faketime', [local, 'npx', 'vitest', 'run', ...vitestArgs], { stdio: 'inherit', env });
  results.push({ at: instant.toISOString(), what, ok: r.status === 0, s: Math.round((Date.now() - started) / 1000) });
}
console.log('\ntest:calendar');
for (const r of results) console.log(`  ${r.ok ? 'passed' : 'FAILED'}  ${r.at}  ${r.what}  (${r.s} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
