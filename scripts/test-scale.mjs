#!/usr/bin/env node
// The at-scale path: the server suite (tests/server, tests/shared and the entity folders' tests,
// src/entities/*/*.test.ts: vitest.config.ts's server project) again on PostgreSQL (DATABASE_URL)
// and an external broker (MQTT_URL) when they are set; `npm run test:unit` already covered PGlite
// and Aedes.
import { spawnSync } from 'node:child_process';

const { DATABASE_URL, MQTT_URL } = process.env;
if (!DATABASE_URL && !MQTT_URL) {
  console.log('test:scale: DATABASE_URL and MQTT_URL are not set; PostgreSQL/external-broker run not requested.');
  process.exit(0);
}
console.log(`test:scale: server suite on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with ${MQTT_URL ? 'external broker ' + MQTT_URL : 'embedded broker'}`);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
