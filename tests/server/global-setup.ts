import { availableParallelism } from 'node:os';
import type { TestProject } from 'vitest/node';
import { mosquittoBinary, startMosquitto, type PrivateMosquitto } from './mosquitto';
import { createTemplate, givenTemplate } from './template-db';

let brokers: PrivateMosquitto[] = [];
let dropTemplate: (() => Promise<void>) | undefined;

/**
 * The at-scale run (MQTT_URL set) talks to Mosquittos configured as README "External broker"
 * asks. A Debian default Mosquitto keeps 20 QoS 1 messages in flight and 1,000 queued per
 * subscriber and drops the rest silently; with the ingest acknowledging after the commit, the
 * bursts of these tests overflow that.
 *
 * One broker per test worker (MQTT_URL_<VITEST_POOL_ID>, picked by worker-broker.ts): every test
 * app subscribes to all devices' topics in the same shared-subscription group and the demo's
 * devices have the same IMEIs in every test database, so two apps on one broker would take each
 * other's messages. MQTT_PRIVATE_BROKER=0 uses MQTT_URL as it is (then run one worker:
 * scripts/test-scale.mjs does).
 */
export async function setup(project: TestProject): Promise<void> {
  // The seeded database every test app starts from (template-db.ts); TEST_TEMPLATE=0 seeds each
  // afresh. `npm test` builds it beside the typecheck and hands it over (givenTemplate).
  if (process.env.TEST_TEMPLATE !== '0' && !givenTemplate()) dropTemplate = await createTemplate();
  if (!process.env.MQTT_URL || process.env.MQTT_PRIVATE_BROKER === '0' || !mosquittoBinary()) return;
  // As many as the run has workers (vitest.config.ts, or --maxWorkers); vitest's own default is one fewer than the cores.
  const workers = Number(
    project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? Math.max(availableParallelism() - 1, 1),
  );
  brokers = await Promise.all(Array.from({ length: workers }, () => startMosquitto()));
  brokers.forEach((b, i) => (process.env[`MQTT_URL_${i + 1}`] = b.url));
  process.env.MQTT_URL = brokers[0]!.url;
}

export async function teardown(): Promise<void> {
  await Promise.all(brokers.map((b) => b.stop()));
  await dropTemplate?.();
}
