import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicaTopics, SESSION_EXPIRY_S, willOf } from '../../../src/server/broker/takeover';
import type { ExternalBroker } from '../../../src/server/broker/types';
import { demoFleet } from '../../../src/shared/devices/demo';
import { buildTestApp, type TestApp } from '../helper';
import { missingReadings, publishTelemetry, until } from '../ingest-helper';
import { mosquittoBinary, startMosquitto, type PrivateMosquitto } from '../mosquitto';

// A replica killed on an external broker leaves its session behind, and Mosquitto goes on handing
// that session its turn of the shared ingest subscription: half of the devices' messages,
// acknowledged to them by the broker, waited there for a replica that never came back. The live
// replicas take such a session over (src/server/broker/takeover.ts, docs/reliability.md "Replica
// killed"). Here the gone replica is an MQTT client doing what a replica's connection does.
describe.skipIf(!mosquittoBinary())('a gone replica’s session is taken over by a live one', () => {
  const tag = randomBytes(4).toString('hex');
  const group = `takeover-${tag}`;
  // Demo helmets speaking JSON (the test database is a copy of the seeded demo).
  const fleet = demoFleet()
    .filter((d) => d.kind === 'helmet' && !d.protocol && d.messageType === 'json')
    .slice(0, 5);
  let broker: PrivateMosquitto;
  let t: TestApp | undefined;
  let device: MqttClient;

  beforeAll(async () => {
    broker = await startMosquitto({ persist: { autosaveIntervalS: 1800 } });
    device = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0, clientId: `dev-${tag}`, clean: true });
    device.on('error', () => {});
  });
  afterAll(async () => {
    await device?.endAsync(true).catch(() => {});
    await t?.close();
    await broker?.stop();
  });

  /**
   * A replica's connection as external.ts makes it (persistent session, its will, the shared
   * ingest subscription) that takes messages and acknowledges none: what it holds when it dies
   * is in flight.
   */
  const replica = async (id: string): Promise<MqttClient> => {
    const c = await mqtt.connectAsync(broker.url, {
      clientId: id,
      clean: false,
      reconnectPeriod: 0,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
      will: willOf(replicaTopics(group), id),
    });
    c.on('error', () => {});
    c.handleMessage = () => {};
    await c.subscribeAsync(`$share/${group}/sfwatch/+/up`, { qos: 1 });
    return c;
  };

  const publish = (prefix: string, n: number) =>
    publishTelemetry(
      device,
      fleet.map((d) => d.imei),
      prefix,
      n,
    );
  const missingOf = (ids: string[]) => missingReadings(t!.app, ids, 15_000);

  it('stores what a replica killed before this one started had been handed, once this one starts', async () => {
    const gone = await replica(`gone-early-${tag}`);
    const held = await publish('early', 40);
    gone.stream.destroy();
    // Alone in the group, its session is handed everything published after it died too.
    const after = await publish('early-after', 40);
    t = await buildTestApp({ config: { mqttUrl: broker.url, mqttClientId: `live-${tag}`, ingestGroup: group } });
    expect(await missingOf([...held, ...after])).toEqual([]);
    await until(() => link().takeovers.sessions === 1, 10_000, 'the session ended');
  }, 60_000);

  it('stores what a replica killed beside this one held in flight and would have been handed after', async () => {
    const gone = await replica(`gone-${tag}`);
    const before = await publish('beside', 100);
    gone.stream.destroy();
    const after = await publish('beside-after', 100);
    expect(await missingOf([...before, ...after])).toEqual([]);
    await until(() => link().takeovers.sessions === 2, 10_000, 'the session ended');
    // Ended: a message published now goes to the live replica alone, at once.
    const last = await publish('last', 20);
    expect(await missingOf(last)).toEqual([]);
    expect(link().takeovers.sessions).toBe(2);
  }, 60_000);

  const link = () => (t!.app.broker as ExternalBroker).link();
});
