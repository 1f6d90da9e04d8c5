import { describe, expect, it } from 'vitest';
import { ALARM_EVENTS, uplinkSchema } from '../../src/shared/devices/protocol';
import { buildSendMessage, location, SEND_KINDS, SendError, telemetry } from '../../src/sim/messages';
import { DeviceModel } from '../../src/sim/models';
import { createRng } from '../../src/shared/prng';
import { KIND_INFO, SIMULATED_KINDS } from '../../src/shared/devices/kinds';
import { FIXED_RULES, LIMIT_ALARM_TYPE } from '../../src/shared/alarms/types';
import { LIMIT_METRICS } from '../../src/shared/devices/settings';

const HOME = { lat: 22.5431, lon: 114.0579 };

describe('send messages', () => {
  it.each(SEND_KINDS.map((k) => [k]))('builds a valid uplink for %s', (kind) => {
    const msg = buildSendMessage(kind, undefined, HOME);
    expect(uplinkSchema.safeParse({ ...msg, id: 'x-1', ts: Date.now() }).success).toBe(true);
  });

  it('accepts the names the brief lists', () => {
    for (const k of [
      'sos',
      'fall',
      'collision',
      'wear-on',
      'wear-off',
      'fire-button',
      'smoke',
      'gas-leak',
      'power-loss',
      'fault',
      'low-battery',
      'heart-rate',
      'temperature',
      'oxygen',
      'gas',
      'location',
      'online',
      'offline',
      'call',
    ]) {
      expect(SEND_KINDS).toContain(k);
    }
  });

  it('maps kinds and values to the protocol', () => {
    expect(buildSendMessage('gas-leak', undefined, HOME)).toEqual({ kind: 'alarm', alarm: 'gasLeak' });
    expect(buildSendMessage('low-battery', undefined, HOME)).toEqual({ kind: 'alarm', alarm: 'lowBattery', value: 8 });
    expect(buildSendMessage('nearElectricity', undefined, HOME)).toEqual({ kind: 'alarm', alarm: 'nearElectricity' });
    expect(buildSendMessage('heart-rate', undefined, HOME)).toEqual({ kind: 'telemetry', values: { heartRate: 150 } });
    expect(buildSendMessage('heart-rate', '172', HOME)).toEqual({ kind: 'telemetry', values: { heartRate: 172 } });
    expect(buildSendMessage('temperature', '38.9', HOME)).toEqual({ kind: 'telemetry', values: { bodyTemp: 38.9 } });
    expect(buildSendMessage('oxygen', '85', HOME)).toEqual({ kind: 'telemetry', values: { bloodOxygen: 85 } });
    expect(buildSendMessage('gas', '40', HOME)).toEqual({ kind: 'telemetry', values: { gas: 40 } });
    expect(buildSendMessage('location', '22.55, 114.07', HOME)).toMatchObject({
      kind: 'location',
      lat: 22.55,
      lon: 114.07,
      source: 'gps',
    });
    expect(buildSendMessage('location', undefined, HOME)).toMatchObject(HOME);
    expect(buildSendMessage('online', undefined, HOME)).toEqual({ kind: 'status', online: true });
    expect(buildSendMessage('offline', undefined, HOME)).toEqual({ kind: 'status', online: false });
    expect(buildSendMessage('call', undefined, HOME)).toEqual({ kind: 'call', roomNo: '101' });
    expect(buildSendMessage('call', '1203', HOME)).toEqual({ kind: 'call', roomNo: '1203' });
    expect(ALARM_EVENTS.length).toBeGreaterThan(10);
  });

  it('sends every alarm event of the protocol', () => {
    for (const alarm of ALARM_EVENTS) {
      const kebab = alarm.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      expect(SEND_KINDS).toContain(kebab);
      expect(buildSendMessage(kebab, undefined, HOME)).toMatchObject({ kind: 'alarm', alarm });
    }
  });

  it('sends a reading past the default limit for every threshold rule', () => {
    const metrics = new Set<string>();
    for (const kind of SEND_KINDS) {
      const msg = buildSendMessage(kind, undefined, HOME);
      if (msg.kind === 'telemetry') for (const m of Object.keys(msg.values)) metrics.add(m);
    }
    const rules = [...Object.keys(LIMIT_ALARM_TYPE), ...Object.keys(FIXED_RULES)];
    expect([...metrics].sort()).toEqual(expect.arrayContaining(rules.sort()));
    for (const m of Object.keys(LIMIT_ALARM_TYPE) as (keyof typeof LIMIT_METRICS)[]) {
      const kind = SEND_KINDS.find((k) => {
        const msg = buildSendMessage(k, undefined, HOME);
        return msg.kind === 'telemetry' && m in msg.values;
      })!;
      const v = (buildSendMessage(kind, undefined, HOME) as { values: Record<string, number> }).values[m]!;
      const { low, high } = LIMIT_METRICS[m];
      expect(v < low || v > high, `${kind} ${v}`).toBe(true);
    }
    expect(buildSendMessage('blood-pressure', undefined, HOME)).toEqual({
      kind: 'telemetry',
      values: { systolic: 160, diastolic: 100 },
    });
    expect(buildSendMessage('blood-pressure', '120/80', HOME)).toEqual({
      kind: 'telemetry',
      values: { systolic: 120, diastolic: 80 },
    });
    expect(buildSendMessage('water-pressure', '0.3', HOME)).toEqual({
      kind: 'telemetry',
      values: { waterPressure: 0.3 },
    });
    expect(buildSendMessage('smoke-level', undefined, HOME)).toEqual({ kind: 'telemetry', values: { smoke: 0.2 } });
  });

  it('sends an issued card', () => {
    expect(buildSendMessage('card', 'IC-0042', HOME)).toEqual({ kind: 'card', cardInfo: 'IC-0042' });
    expect(buildSendMessage('card', undefined, HOME)).toMatchObject({ kind: 'card', cardInfo: expect.any(String) });
    expect(() => buildSendMessage('card', ' ', HOME)).toThrow(SendError);
    expect(() => buildSendMessage('card', 'x'.repeat(201), HOME)).toThrow(SendError);
  });

  it('refuses unknown kinds and bad values', () => {
    expect(() => buildSendMessage('blood-pressure', '160', HOME)).toThrow(SendError);
    expect(() => buildSendMessage('dance', undefined, HOME)).toThrow(SendError);
    expect(() => buildSendMessage('sos', 'loud', HOME)).toThrow(SendError);
    expect(() => buildSendMessage('location', '1,2,3', HOME)).toThrow(SendError);
    expect(() => buildSendMessage('location', '10,200', HOME)).toThrow(SendError);
  });

  it('makes valid periodic messages for every kind, GPS and UWB positions alike', () => {
    for (const kind of SIMULATED_KINDS) {
      const model = new DeviceModel(kind, KIND_INFO[kind].scenarios[0]!, HOME, createRng(3));
      const { values, fix } = model.tick(10);
      expect(uplinkSchema.safeParse(telemetry(values)).success, kind).toBe(true);
      expect(uplinkSchema.safeParse(location(fix ?? model.position())).success, kind).toBe(true);
    }
  });
});
