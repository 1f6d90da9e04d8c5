import { describe, expect, it } from 'vitest';
import { demoFleet, SCENARIO_SITES } from '../../src/shared/devices/demo';
import { pickDevices, toSimDevice } from '../../src/sim/roster';
import { targetFromEnv } from '../../src/sim/service';

describe('sim roster and target', () => {
  const demo = demoFleet();

  it('runs demo devices from their demo home, others from their kind first scenario site', () => {
    const d = demo[0]!;
    expect(toSimDevice({ imei: d.imei, kind: d.kind, messageType: d.messageType })).toEqual({
      imei: d.imei,
      kind: d.kind,
      scenario: d.scenario,
      lat: d.lat,
      lon: d.lon,
      messageType: d.messageType,
    });
    expect(toSimDevice({ imei: '123456789', kind: 'ankle', messageType: 'cbor' })).toMatchObject({
      scenario: 'supervision',
      lat: SCENARIO_SITES.supervision.lat,
      messageType: 'cbor',
    });
    expect(toSimDevice({ imei: '123456789', kind: 'toaster' })).toBeUndefined();
  });

  it('picks the demo fleet by default, narrows by scenario and tops up to --count', () => {
    const other = toSimDevice({ imei: '123456789', kind: 'helmet' })!;
    const all = [other, ...demo.map((d) => toSimDevice(d)!)];
    expect(pickDevices(all, {})).toHaveLength(demo.length);
    expect(pickDevices(all, { scenario: 'fire' }).every((d) => d.scenario === 'fire')).toBe(true);
    expect(pickDevices(all, { count: 3 }).map((d) => d.imei)).toEqual(demo.slice(0, 3).map((d) => d.imei));
    expect(pickDevices(all, { count: 100 }).at(-1)!.imei).toBe('123456789');
    expect(pickDevices([other], {})).toEqual([other]);
  });

  it('finds the service from the npm start variables', () => {
    expect(targetFromEnv({})).toEqual({
      httpBase: 'http://127.0.0.1:8080',
      mqttUrl: 'mqtt://127.0.0.1:1883',
      user: 'demo',
      password: 'demo123',
    });
    expect(
      targetFromEnv({ PORT: '9000', HOST: 'example.org', MQTT_PORT: '1884', SIM_USER: 'u', SIM_PASSWORD: 'p' }),
    ).toEqual({
      httpBase: 'http://example.org:9000',
      mqttUrl: 'mqtt://example.org:1884',
      user: 'u',
      password: 'p',
    });
    expect(targetFromEnv({ MQTT_URL: 'mqtt://broker:1883' }).mqttUrl).toBe('mqtt://broker:1883');
    expect(targetFromEnv({ MQTT_PORT: '0', PORT: '9000' }).mqttUrl).toBe('ws://127.0.0.1:9000/mqtt');
  });
});
