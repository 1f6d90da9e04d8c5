import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload } from '../../src/shared/devices/codec';
import { demoFleet } from '../../src/shared/devices/demo';
import type { DeviceKind } from '../../src/shared/devices/kinds';
import { uplinkSchema } from '../../src/shared/devices/protocol';
import { DeviceBrain } from '../../src/sim/brain';
import { toSimDevice } from '../../src/sim/roster';

function brain(kind: DeviceKind, subDevices?: number) {
  const sent: Record<string, unknown>[] = [];
  const b = new DeviceBrain(
    { imei: '860999000000002', kind, scenario: 'fire', lat: 22.54, lon: 114.05, messageType: 'json', subDevices },
    (_topic, payload) => sent.push(decodePayload(payload).value as Record<string, unknown>),
    { intervalS: 10, seed: 1, idPrefix: 't', now: () => 1_700_000_000_000 },
  );
  const down = (msg: object) => b.handle(encodePayload(msg, 'json'));
  const last = (kind: string) => sent.filter((m) => m.kind === kind).at(-1);
  return { b, sent, down, last };
}

const values = (m: Record<string, unknown> | undefined) => (m?.values ?? {}) as Record<string, number>;

describe('simulated breakers', () => {
  it('reports closed and unlocked with current and power at first', () => {
    const { b, last } = brain('breaker');
    b.report(10);
    const v = values(last('telemetry'));
    expect(v).toMatchObject({ closed: 1, locked: 0 });
    expect(v.current).toBeGreaterThan(0);
    expect(v.power).toBeGreaterThan(0);
    expect(uplinkSchema.safeParse(last('telemetry')).success).toBe(true);
  });

  it('opened: acks, reports its open switch at once, then power 0 and current 0 in every report', () => {
    const { b, down, sent, last } = brain('breaker');
    down({ kind: 'command', id: 3, cmd: 'switch', params: { mode: 'singleOff' } });
    expect(sent.map((m) => m.kind)).toEqual(['ack', 'telemetry']);
    expect(sent[0]).toMatchObject({ ref: 3, ok: true, msg: 'opened' });
    expect(values(sent[1])).toMatchObject({ closed: 0, power: 0, current: 0 });
    b.report(10);
    expect(values(last('telemetry'))).toMatchObject({ closed: 0, power: 0, current: 0 });
    expect(values(last('telemetry')).voltage).toBeGreaterThan(200);
    down({ kind: 'command', id: 4, cmd: 'switch', params: { mode: 'singleOn' } });
    expect(last('ack')).toMatchObject({ ref: 4, ok: true, msg: 'closed' });
    expect(values(last('telemetry')).closed).toBe(1);
    expect(values(last('telemetry')).power).toBeGreaterThan(0);
  });

  it('locked: refuses open and close with a nack and keeps its switch, until unlocked', () => {
    const { b, down, last } = brain('breaker');
    down({ kind: 'command', id: 5, cmd: 'lock', params: {} });
    expect(last('ack')).toMatchObject({ ref: 5, ok: true, msg: 'locked' });
    expect(values(last('telemetry')).locked).toBe(1);
    down({ kind: 'command', id: 6, cmd: 'switch', params: { mode: 'singleOff' } });
    expect(last('ack')).toMatchObject({ ref: 6, ok: false, msg: 'locked' });
    expect(b.breaker?.closed).toBe(true);
    b.report(10);
    expect(values(last('telemetry'))).toMatchObject({ closed: 1, locked: 1 });
    down({ kind: 'command', id: 7, cmd: 'unlock', params: {} });
    expect(last('ack')).toMatchObject({ ref: 7, ok: true, msg: 'unlocked' });
    down({ kind: 'command', id: 8, cmd: 'switch', params: { mode: 'singleOff' } });
    expect(last('ack')).toMatchObject({ ref: 8, ok: true, msg: 'opened' });
    expect(b.breaker?.closed).toBe(false);
  });

  it('other kinds refuse lock', () => {
    const { down, last } = brain('smoke');
    down({ kind: 'command', id: 9, cmd: 'lock', params: {} });
    expect(last('ack')).toMatchObject({ ref: 9, ok: false, msg: 'unsupported' });
  });
});

describe('simulated 4G gateways', () => {
  it('report their sub-devices and uplink traffic', () => {
    const { b, last } = brain('gateway4g', 4);
    b.report(10);
    const v = values(last('telemetry'));
    expect(v.subDevices).toBe(4);
    expect(v.traffic).toBeGreaterThan(0);
    expect(v.signal).toBeGreaterThanOrEqual(0);
    expect(uplinkSchema.safeParse(last('telemetry')).success).toBe(true);
  });

  it('the demo fleet puts breakers behind gateways, and a gateway knows how many it relays', () => {
    const fleet = demoFleet();
    const gateways = fleet.filter((d) => d.kind === 'gateway4g');
    expect(gateways.length).toBeGreaterThanOrEqual(2);
    const breakers = fleet.filter((d) => d.kind === 'breaker');
    expect(breakers.length).toBeGreaterThan(0);
    for (const b of breakers) expect(gateways.map((g) => g.imei)).toContain(b.gateway);
    const g = gateways.find((x) => x.imei === breakers[0]!.gateway)!;
    expect(toSimDevice({ imei: g.imei, kind: 'gateway4g' })?.subDevices).toBe(
      fleet.filter((d) => d.gateway === g.imei).length,
    );
    // The IMEIs before the gateways (and the protocol devices after them) did not move (README and tests name them).
    expect(fleet[0]!.imei).toBe('860100000000001');
    expect(fleet.filter((d) => d.kind !== 'gateway4g' && !d.protocol).at(-1)!.imei).toBe('860100000000036');
  });
});
