import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExternalBroker } from '../../../src/server/broker/types';
import { topics } from '../../../src/shared/topics';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, missingReadings, publishTelemetry, until, type TestDevice } from '../ingest-helper';
import { mosquittoBinary, startMosquitto, type PrivateMosquitto } from '../mosquitto';

// The service on a private Mosquitto that keeps sessions in a persistence file, with a fixed client
// id (a persistent session), as a replica runs in production (README "External broker").
describe.skipIf(!mosquittoBinary())('the external broker link heals itself across broker restarts', () => {
  const tag = randomBytes(4).toString('hex');
  let broker: PrivateMosquitto;
  let t: TestApp;
  let fleet: TestDevice[];
  let device: MqttClient;
  let warned: string[];

  beforeAll(async () => {
    broker = await startMosquitto({ persist: { autosaveIntervalS: 1800 } });
    t = await buildTestApp({
      config: { mqttUrl: broker.url, mqttClientId: `restart-${tag}`, ingestGroup: `restart-${tag}` },
    });
    warned = [];
    vi.spyOn(t.app.log, 'warn').mockImplementation(((m: unknown) => {
      warned.push(String(m));
    }) as never);
    await t.app.ingest.subscribed;
    fleet = await addDevices(t.app, 5);
    // A device as devices are: it reconnects by itself and resends what was not acknowledged.
    device = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200, clientId: `dev-${tag}`, clean: true });
    device.on('error', () => {});
  });
  afterAll(async () => {
    await device?.endAsync(true).catch(() => {});
    await t?.close();
    await broker?.stop();
  });

  const link = () => (t.app.broker as ExternalBroker).link();

  const publish = (prefix: string, n: number) =>
    publishTelemetry(
      device,
      fleet.map((d) => d.imei),
      prefix,
      n,
    );
  const missingOf = (ids: string[]) => missingReadings(t.app, ids);

  /** Restarts the broker, then waits for the service to be connected and subscribed again and the device back. */
  const restart = async (signal: 'SIGTERM' | 'SIGKILL') => {
    const connectsBefore = warned.filter((m) => m.includes('connected again')).length;
    await broker.restart(signal);
    await until(() => warned.filter((m) => m.includes('connected again')).length > connectsBefore, 20_000, 'reconnect');
    await until(() => link().connected && link().subscribed, 20_000, 'subscribed again');
    await until(() => device.connected, 20_000, 'the device back');
  };

  it('reports the link: connected, subscribed, and the probe coming back', async () => {
    await until(() => link().lastProbeAt !== null, 15_000, 'a probe');
    expect(link()).toMatchObject({ url: broker.url, connected: true, subscribed: true });
    // The probe is the service's own: nothing of it reaches the ingest.
    expect(t.app.ingestStats.dropped.unknown + t.app.ingestStats.dropped.malformed).toBe(0);
  });

  it('stores what a device sends after a graceful broker restart (TERM: the session comes back without its shared subscription)', async () => {
    const before = await publish('term-before', 200);
    expect(await missingOf(before)).toEqual([]);
    await restart('SIGTERM');
    const after = await publish('term-after', 200);
    expect(await missingOf(after)).toEqual([]);
    // The probe comes back through the new subscription too.
    const since = Date.now();
    await until(() => (link().lastProbeAt ?? 0) > since, 15_000, 'a probe after the restart');
  }, 90_000);

  it('loses nothing a device publishing all along had acknowledged, through a TERM restart', async () => {
    // A device that reconnects 200 ms after the drop: back before a service retrying once a second.
    const dev = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200, clientId: `dev-all-${tag}`, clean: true });
    dev.on('error', () => {});
    const acked: string[] = [];
    let running = true;
    const pump = (async () => {
      for (let n = 0; running; n++) {
        const id = `all-${n}`;
        try {
          await dev.publishAsync(
            topics.deviceUp(fleet[n % fleet.length]!.imei),
            JSON.stringify({ kind: 'telemetry', id, values: { steps: n } }),
            { qos: 1 },
          );
          acked.push(id);
        } catch {
          // not acknowledged: not counted
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      await restart('SIGTERM');
      await new Promise((r) => setTimeout(r, 2_000));
    } finally {
      running = false;
      await pump;
      await dev.endAsync(true);
    }
    expect(acked.length).toBeGreaterThan(100);
    expect(await missingOf(acked)).toEqual([]);
  }, 90_000);

  it('stores what a device sends once the broker is back from a kill -9', async () => {
    const before = await publish('kill-before', 200);
    expect(await missingOf(before)).toEqual([]);
    await restart('SIGKILL');
    const after = await publish('kill-after', 200);
    expect(await missingOf(after)).toEqual([]);
  }, 90_000);
});
