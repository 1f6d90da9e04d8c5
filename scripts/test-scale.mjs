#!/usr/bin/env node
// The at-scale path: the server suites whose answer can differ on PostgreSQL (DATABASE_URL) and an
// external broker (MQTT_URL), run again on them when they are set; `npm run test:unit` already ran
// the whole suite on PGlite and Aedes. PGlite is PostgreSQL itself (the same SQL, planner and types),
// so what differs is around it: the driver (postgres.js: how parameters and results are typed),
// concurrency (a pool of connections, row locks, two replicas on one database), durability (a
// process killed, the database away) and the broker (Mosquitto's sessions, shared subscriptions,
// its HTTP hook). One pass per question: the screens' CRUD through the generic engine is asked
// once by the engine suite here, not again by every entity folder.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

/** What runs again, and the question each asks of PostgreSQL and the broker. */
export const AT_SCALE_SUITES = [
  'tests/server/db', // the connection, migrations, the PGlite/PostgreSQL switch, autovacuum settings
  'tests/server/template-db.test.ts', // the seeded template the other files copy
  'tests/server/engine', // every list, filter, sort, export and write through the driver's typing; tenant isolation
  'tests/server/fuzz.test.ts', // odd values reaching PostgreSQL (SQLSTATE class 22 is a 400, never a 500)
  'tests/server/ingest', // batched writes, external subscriptions, durability under kill -9
  'tests/server/broker', // ACL through the broker hook, client ids, sessions
  'tests/server/push', // console pushes through the broker
  'tests/server/webpush', // phones' subscriptions (an upsert by endpoint) and the push requests
  'tests/server/alarms', // alarm writes, dedupe and statistics
  'tests/server/fences', // two evaluators on one database
  'tests/server/escalation', // claims across replicas, resuming after a restart
  'tests/server/process/replicas.test.ts', // two replicas behind HAProxy, one killed: devices move, nothing acknowledged lost
  'tests/server/jobs', // the job queue's claims and locks
  'tests/server/payments', // stock and orders under concurrent payments
  'tests/server/protocols/durability.test.ts', // device-protocol frames acknowledged only once stored
  'tests/server/voice/external.test.ts', // voice over the external broker
  'tests/server/analytics', // aggregates (bigint and numeric through the driver)
  'tests/server/dashboard',
  'tests/server/attendance',
];

/** Whether something accepts TCP connections at 127.0.0.1:port within a second. */
function answers(port) {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (ok) => (s.destroy(), resolve(ok));
    s.once('connect', () => done(true))
      .once('error', () => done(false))
      .once('timeout', () => done(false));
  });
}

// In CI (CI=true) the machine's own PostgreSQL and Mosquitto are used when they answer, so CI's
// entry is just the README's commands; elsewhere only what DATABASE_URL and MQTT_URL name.
if (process.env.CI && !process.env.DATABASE_URL && (await answers(5432))) {
  process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
}
if (process.env.CI && !process.env.MQTT_URL && (await answers(1883))) process.env.MQTT_URL = 'mqtt://127.0.0.1:1883';
const { DATABASE_URL, MQTT_URL } = process.env;
if (!DATABASE_URL && !MQTT_URL) {
  console.log('test:scale: DATABASE_URL and MQTT_URL are not set; PostgreSQL/external-broker run not requested.');
  process.exit(0);
}
console.log(
  `test:scale: the database and broker suites on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with ${MQTT_URL ? 'external broker ' + MQTT_URL : 'embedded broker'}`,
);
// Test apps sharing one broker would take each other's device messages (tests/server/global-setup.ts
// starts one per worker); told to use MQTT_URL as it is, the files run one at a time.
// One pass per question: the PGlite pass sends the fuzz test 16 bodies a route, which judge the
// validation (the same code on either database); this pass asks what PostgreSQL answers to odd
// values reaching it (SQLSTATE class 22 is a 400, never a 500) with 6 others, from another seed.
process.env.FUZZ_PER_ROUTE ??= '6';
process.env.FUZZ_SEED ??= '20261127';
const oneBroker = MQTT_URL && process.env.MQTT_PRIVATE_BROKER === '0' ? ['--maxWorkers=1'] : [];
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...AT_SCALE_SUITES, ...oneBroker], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
