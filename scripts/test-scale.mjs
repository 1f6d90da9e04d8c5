#!/usr/bin/env node
// The at-scale path: the server suite that touches the database or the broker (tests/server and the
// entity folders' tests, src/entities/*/*.test.ts, of vitest.config.ts's server project) again on PostgreSQL (DATABASE_URL)
// and an external broker (MQTT_URL) when they are set; `npm run test:unit` already covered PGlite
// and Aedes.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

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
  `test:scale: server suite on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with ${MQTT_URL ? 'external broker ' + MQTT_URL : 'embedded broker'}`,
);
// tests/shared holds pure logic (no database, no broker): the first run covered it.
// Test apps sharing one broker would take each other's device messages (tests/server/global-setup.ts
// starts one per worker); told to use MQTT_URL as it is, the files run one at a time.
// One pass per question: the PGlite pass sends the fuzz test 24 bodies a route, which judge the
// validation (the same code on either database); this pass asks what PostgreSQL answers to odd
// values reaching it (SQLSTATE class 22 is a 400, never a 500), which a quarter of them answers.
process.env.FUZZ_PER_ROUTE ??= '6';
const oneBroker = MQTT_URL && process.env.MQTT_PRIVATE_BROKER === '0' ? ['--maxWorkers=1'] : [];
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'tests/server', 'src/entities', ...oneBroker], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
