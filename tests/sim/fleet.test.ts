/**
 * The in-process demo fleet of `npm start`: secrets derived from the database, devices over the
 * embedded broker's TCP port (its own broker, so the demo IMEIs meet no other test's traffic).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../src/shared/codes';
import type { DeviceDetail } from '../../src/shared/devices/api';
import { demoFleet } from '../../src/shared/devices/demo';
import { loadConfig } from '../../src/server/config';
import type { Fleet } from '../../src/sim/fleet';
import { fleetUrl, startDemoFleet } from '../../src/demo-fleet';
import { buildTestApp, login, post, type TestApp } from '../server/helper';

describe('in-process demo fleet', () => {
  let t: TestApp;
  let fleet: Fleet | undefined;

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
  });

  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  it('finds its broker: TCP port, external URL, or none', () => {
    const config = loadConfig({ MQTT_PORT: '1884', HOST: '0.0.0.0' });
    expect(fleetUrl(t.app, config)).toBe('mqtt://127.0.0.1:1884');
    expect(fleetUrl(t.app, { ...config, mqttPort: 0 })).toBeUndefined();
  });

  it('brings demo devices online with their derived secrets', async () => {
    if (t.app.broker.kind !== 'embedded') throw new Error('expected the embedded broker');
    const port = await t.app.broker.listenTcp(0, '127.0.0.1');
    fleet = await startDemoFleet(t.app, `mqtt://127.0.0.1:${port}`, 3);
    expect(fleet.devices.map((d) => d.device.imei)).toEqual(
      demoFleet()
        .slice(0, 3)
        .map((d) => d.imei),
    );
    const until = Date.now() + 15_000;
    while (fleet.stats().connected < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(fleet.stats()).toMatchObject({ total: 3, connected: 3, failed: 0 });

    const { token } = await login(t.app, 'demo', 'demo123');
    const imei = demoFleet()[0]!.imei;
    let state: number | undefined;
    while (state !== DEVICE_STATE.online && Date.now() < until) {
      state = (await post<DeviceDetail>(t.app, '/api/device/device/detail', { imei }, { token })).data?.state;
      if (state !== DEVICE_STATE.online) await new Promise((r) => setTimeout(r, 200));
    }
    expect(state).toBe(DEVICE_STATE.online);
  });
});
