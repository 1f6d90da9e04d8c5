#!/usr/bin/env node
// Where the ingest's time goes: runs the ingest bench (tests/bench/ingest.ts) for one database under
// Node's CPU profiler and prints the service process's self time by stage (docs/performance.md,
// "Ingest: cost per message by stage"). With --protocols, the device-protocol connections of
// tests/bench/protocols.ts instead (GT06 and watch devices over TCP; "Protocol ingest CPU"), per
// stored position. With --forwarding, the service during the ingest bench's phase that forwards
// every position to RabbitMQ at 10,000 a second (tests/bench/ingest-forwarding.ts), per position
// offered.
//
//   node scripts/profile-ingest.mjs pglite            # PGlite + the embedded broker
//   DATABASE_URL=... MQTT_URL=... node scripts/profile-ingest.mjs postgres
//   DATABASE_URL=... node scripts/profile-ingest.mjs postgres --protocols
//   DATABASE_URL=... MQTT_URL=... node scripts/profile-ingest.mjs postgres --forwarding
//   node scripts/profile-ingest.mjs --summarise FILE.cpuprofile [messages]
//
// The bench's publishers are forked processes; their profiles are written too and left out of the
// table (the service is the process that loaded src/server/ingest). On PGlite a second table is the
// database's own thread. BENCH_QUICK=1 shortens the phases.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Stages by where a function lives (first match wins); a frame's self time is charged to its stage. */
const STAGES = [
  [
    'broker',
    /node_modules\/(aedes|aedes-[\w-]+|mqemitter|mqtt-packet|mqtt|bl|fastfall|reusify|retimer|hyperid)\/|src\/server\/broker\//,
  ],
  ['decode', /node_modules\/cbor2\/|src\/shared\/devices\/codec/],
  ['protocol framing + decode', /src\/shared\/protocols\/|src\/server\/protocols\/(gt06|jt808|watch|osmand)\//],
  ['protocol gateway + reply', /src\/server\/protocols\//],
  ['validate', /node_modules\/zod\/|src\/shared\/devices\/protocol/],
  ['batch + queue', /src\/server\/ingest\/(ingest|batch|rate|droplog|stats)\.ts|src\/server\/lib\/batcher/],
  ['write (SQL build)', /node_modules\/drizzle-orm\/|src\/server\/ingest\/flush/],
  ['database (PGlite)', /node_modules\/@electric-sql\/pglite\/|^wasm:\/\//],
  ['database (driver)', /node_modules\/postgres\//],
  ['device cache + hub', /src\/server\/devices\//],
  ['alarms', /src\/server\/alarms\//],
  ['fences', /src\/server\/fences\/|src\/shared\/geo\//],
  ['push', /src\/server\/push\/|node_modules\/(ws|@fastify\/websocket)\//],
  ['attendance, supervision', /src\/server\/(attendance|attendance-sources|supervision)\//],
  ['integrations (outbox, events, transports)', /src\/server\/integrations\//],
  ['logging', /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//],
  ['node: sockets, streams, timers', /^node:|^internal\//],
];
const SPECIAL = { '(garbage collector)': 'garbage collection', '(idle)': 'idle', '(program)': 'runtime (program)' };

function summarise(file, messages) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // Sample intervals: timeDeltas[i] is the time before samples[i].
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const stages = new Map();
  let busy = 0;
  let total = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const url = callFrame.url ?? '';
    let stage = Object.hasOwn(SPECIAL, callFrame.functionName) ? SPECIAL[callFrame.functionName] : undefined;
    if (!stage) stage = STAGES.find(([, re]) => re.test(url))?.[0];
    if (!stage)
      stage = url.includes('/node_modules/')
        ? `package ${url.split('/node_modules/').pop().split('/')[0]}`
        : url
          ? 'other service code'
          : callFrame.functionName.startsWith('js-to-wasm')
            ? 'database (PGlite)'
            : 'native (builtins)';
    stages.set(stage, (stages.get(stage) ?? 0) + us);
    total += us;
    if (stage !== 'idle') busy += us;
  }
  // Packages under 1 % of the busy time are one line.
  for (const [stage, us] of [...stages]) {
    if (stage.startsWith('package ') && us < busy / 100) {
      stages.delete(stage);
      stages.set('other packages', (stages.get('other packages') ?? 0) + us);
    }
  }
  const rows = [...stages].sort((a, b) => b[1] - a[1]);
  console.log(
    `${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy${messages ? `, ${messages.toLocaleString('en')} messages` : ''}`,
  );
  console.log(`| stage | busy s | share of busy |${messages ? ' µs per message |' : ''}`);
  console.log(`| --- | --- | --- |${messages ? ' --- |' : ''}`);
  for (const [stage, us] of rows) {
    if (stage === 'idle') continue;
    const share = ((us / busy) * 100).toFixed(1);
    console.log(
      `| ${stage} | ${(us / 1e6).toFixed(2)} | ${share} % |${messages ? ` ${(us / messages).toFixed(1)} |` : ''}`,
    );
  }
}

/** The service's profile among the run's: the one whose frames include `marker` (the ingest; PGlite's thread). */
function serviceProfile(dir, marker = 'src/server/ingest/ingest.ts') {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f));
  const found = files.find((f) => readFileSync(f, 'utf8').includes(marker));
  if (!found && marker.includes('ingest'))
    throw new Error(`no profile of the service in ${dir} (${files.length} profiles)`);
  return found;
}

const args = process.argv.slice(2);
if (args[0] === '--summarise') {
  summarise(args[1], Number(args[2]) || 0);
} else {
  const kind = args[0] === 'postgres' ? 'postgres' : 'pglite';
  const protocols = args.includes('--protocols');
  const forwarding = args.includes('--forwarding');
  if (kind === 'postgres' && !(process.env.DATABASE_URL && (protocols || process.env.MQTT_URL))) {
    console.error(`profile-ingest: postgres needs DATABASE_URL${protocols ? '' : ' and MQTT_URL'}`);
    process.exit(2);
  }
  const dir = mkdtempSync(join(tmpdir(), 'ingest-profile-'));
  // The protocols bench profiles its closed loop itself (its set-up registers thousands of devices).
  const closedLoop = join(dir, 'closed-loop.cpuprofile');
  // The ingest bench profiles its forwarding phase itself.
  const forwarded = join(dir, 'forwarding.cpuprofile');
  const run = spawnSync(
    process.execPath,
    [
      ...(protocols || forwarding ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`]),
      '--import',
      'tsx',
      `tests/bench/${protocols ? 'protocols' : 'ingest'}.ts`,
    ],
    {
      env: protocols
        ? {
            ...process.env,
            BENCH_PROTOCOL_DB: kind,
            BENCH_PROTOCOL_CONNECTIONS_ONLY: '1',
            BENCH_PROTOCOL_PROFILE: closedLoop,
          }
        : { ...process.env, BENCH_INGEST: kind, ...(forwarding ? { BENCH_FORWARD_PROFILE: forwarded } : {}) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  process.stdout.write(run.stdout);
  if (run.status !== 0) process.exit(run.status ?? 1);
  // The ingest bench prints "<n> messages stored" for the whole run (warm-up and phases); the
  // protocols bench the positions a second of its closed loop, the span of its profile.
  if (protocols) {
    const positions =
      Number(/closed loop: ([\d,]+)\/s/.exec(run.stdout)?.[1]?.replace(/,/g, '') ?? 0) *
      Number(/, (\d+) s closed loop/.exec(run.stdout)?.[1] ?? 0);
    summarise(closedLoop, positions);
    console.log('(µs per message: per stored position)');
    process.exit(0);
  }
  if (forwarding) {
    // "forwarding on: offered 9,512/s" over the phase's seconds.
    const offered = Number(/forwarding on: offered ([\d,]+)\/s/.exec(run.stdout)?.[1]?.replace(/,/g, '') ?? 0);
    const seconds = Number(/positions at [\d,]+\/s for (\d+) s/.exec(run.stdout)?.[1] ?? 0);
    summarise(forwarded, offered * seconds);
    console.log('(µs per message: per position offered; the profile runs on until the backlog is drained)');
    process.exit(0);
  }
  const stored = Number(/([\d,]+) messages stored in all/.exec(run.stdout)?.[1]?.replace(/,/g, '') ?? 0);
  summarise(serviceProfile(dir), stored);
  // PGlite runs in its own thread (src/server/db/pglite-thread.ts), profiled into its own file.
  const database = kind === 'pglite' ? serviceProfile(dir, 'pglite-worker.mjs') : undefined;
  if (database) summarise(database, stored);
}
