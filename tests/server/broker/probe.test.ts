import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createExternalBroker } from '../../../src/server/broker/external';
import type { ExternalBroker } from '../../../src/server/broker/types';
import { until } from '../ingest-helper';
import { mosquittoBinary, startMosquitto, type PrivateMosquitto } from '../mosquitto';

const PROBE_MS = 200;

// A subscription the broker drops while the connection stays up: only the probe can tell.
describe.skipIf(!mosquittoBinary())('the probe through the shared subscription', () => {
  let broker: PrivateMosquitto;
  let link: ExternalBroker;
  let client: MqttClient;
  const warned: string[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    // The service's own mqtt.js client, so the test can take its subscriptions away behind its back.
    const connect = vi.spyOn(mqtt, 'connect');
    link = await createExternalBroker({
      url: broker.url,
      clientId: `probe-${process.pid}`,
      probeMs: PROBE_MS,
      onWarn: (m) => warned.push(m),
    });
    client = connect.mock.results[0]!.value as MqttClient;
    connect.mockRestore();
  });
  afterAll(async () => {
    await link?.close();
    await broker?.stop();
  });

  /** Publishes once to `topic` from a plain client. */
  const send = async (topic: string) => {
    const sender = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await sender.publishAsync(topic, 'x', { qos: 1 });
    await sender.endAsync();
  };

  it('subscribes again when the probes stop coming back, and they come back', async () => {
    await until(() => link.link().lastProbeAt !== null, 5_000, 'a probe');
    const got: string[] = [];
    const off = await link.subscribe('$share/g/healed/+/up', (t) => void got.push(t), { qos: 1 });
    // The broker forgets the subscriptions (as a restarted one forgot the shared ones), silently.
    await client.unsubscribeAsync([
      `$share/probe-probe-${process.pid}/svc/probe/probe-${process.pid}`,
      '$share/g/healed/+/up',
    ]);
    await send('healed/1/up');
    await new Promise((r) => setTimeout(r, PROBE_MS));
    expect(got).toEqual([]);
    const lost = Date.now();
    await until(() => warned.some((m) => m.includes('subscribing again')), 5_000, 'the heal');
    await until(() => (link.link().lastProbeAt ?? 0) > lost, 5_000, 'a probe again');
    await until(() => warned.some((m) => m.includes('deliver again')), 5_000, 'delivering again');
    expect(link.link()).toMatchObject({ connected: true, subscribed: true, heals: 1 });
    // The other subscription came back with it.
    await send('healed/2/up');
    await until(() => got.length > 0, 5_000, 'a delivery');
    expect(got).toEqual(['healed/2/up']);
    await off();
  });

  it('reconnects with a clean session when subscribing again does not help', async () => {
    // A broker that acknowledges the SUBSCRIBE and still delivers nothing.
    const fake = vi
      .spyOn(client, 'subscribeAsync')
      .mockImplementation((async () => []) as unknown as typeof client.subscribeAsync);
    const heals = link.link().heals;
    await client.unsubscribeAsync(`$share/probe-probe-${process.pid}/svc/probe/probe-${process.pid}`);
    await until(() => warned.some((m) => m.includes('reconnecting with a clean session')), 10_000, 'the reconnect');
    fake.mockRestore();
    const back = Date.now();
    await until(() => (link.link().lastProbeAt ?? 0) > back, 10_000, 'a probe after the clean reconnect');
    expect(link.link().heals).toBe(heals + 2);
    expect(warned.some((m) => m.includes('connected again (session new)'))).toBe(true);
  });
});
