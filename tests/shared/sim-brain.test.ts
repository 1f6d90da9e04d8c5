import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, type Encoding } from '../../src/shared/devices/codec';
import type { DeviceKind } from '../../src/shared/devices/kinds';
import { uplinkSchema } from '../../src/shared/devices/protocol';
import { DeviceBrain } from '../../src/sim/brain';

interface Sent {
  topic: string;
  qos: number;
  message: Record<string, unknown>;
}

function brain(kind: DeviceKind, messageType: Encoding = 'json', now: () => number = () => 1_700_000_000_000) {
  const sent: Sent[] = [];
  const b = new DeviceBrain(
    { imei: '860999000000001', kind, scenario: 'construction', lat: 22.54, lon: 114.05, messageType },
    (topic, payload, qos) =>
      sent.push({ topic, qos, message: decodePayload(payload).value as Record<string, unknown> }),
    { intervalS: 10, seed: 1, idPrefix: 't', now },
  );
  const down = (msg: object, enc: Encoding = 'json') => b.handle(encodePayload(msg, enc));
  return { b, sent, down, acks: () => sent.filter((s) => s.message.kind === 'ack').map((s) => s.message) };
}

const UP = 'sfwatch/860999000000001/up';

describe('virtual device behaviour', () => {
  it('announces itself and reports valid, stamped messages on its up topic', () => {
    const { b, sent } = brain('helmet', 'cbor');
    b.announce();
    b.report(10);
    expect(sent.map((s) => s.message.kind)).toEqual(['status', 'telemetry', 'location']);
    for (const s of sent) {
      expect(s.topic).toBe(UP);
      expect(s.qos).toBe(1);
      expect(uplinkSchema.safeParse(s.message).success).toBe(true);
    }
    expect(sent[0]!.message).toMatchObject({
      online: true,
      appVersion: expect.any(String),
      systemVersion: expect.any(String),
      signal: expect.any(Number),
    });
    expect(new Set(sent.map((s) => s.message.id)).size).toBe(3);
    expect(sent[1]!.message.ts).toBe(1_700_000_000_000);
    expect(b.sent).toBe(3);
  });

  it('does not report positions from fixed devices; a door unit only reports status', () => {
    const smoke = brain('smoke');
    smoke.b.report(10);
    expect(smoke.sent.map((s) => s.message.kind)).toEqual(['telemetry']);
    const door = brain('doorUnit');
    door.b.report(10);
    expect(door.sent.map((s) => s.message.kind)).toEqual(['status']);
  });

  it('locates at once and acks', () => {
    const { down, sent, acks } = brain('watch');
    down({ kind: 'command', id: 7, cmd: 'locate', params: {} });
    expect(sent[0]!.message.kind).toBe('location');
    expect(acks()).toEqual([expect.objectContaining({ kind: 'ack', ref: 7, ok: true, msg: 'located' })]);
  });

  it('report: every kind sends a fresh status and readings (a fix if it moves), then acks', () => {
    const gas = brain('gas');
    gas.down({ kind: 'command', id: 8, cmd: 'report', params: {} });
    expect(gas.sent.map((s) => s.message.kind)).toEqual(['status', 'telemetry', 'ack']);
    expect(gas.acks()).toEqual([expect.objectContaining({ ref: 8, ok: true, msg: 'reported' })]);
    const locator = brain('locator');
    locator.down({ kind: 'command', id: 9, cmd: 'report', params: {} });
    expect(locator.sent.map((s) => s.message.kind)).toEqual(['status', 'telemetry', 'location', 'ack']);
    const button = brain('fireButton');
    button.down({ kind: 'command', id: 10, cmd: 'report', params: {} });
    expect(button.acks()).toEqual([expect.objectContaining({ ref: 10, ok: true })]);
  });

  it('changes its report interval, switch, valve and broadcast state', () => {
    const helmet = brain('helmet');
    helmet.down({ kind: 'command', id: 1, cmd: 'setInterval', params: { seconds: 30 } });
    expect(helmet.b.reportIntervalS).toBe(30);
    helmet.down({ kind: 'command', id: 2, cmd: 'broadcast', params: { mp3: '' } });
    expect(helmet.b.lastBroadcast).toBe('default');
    const breaker = brain('breaker');
    breaker.down({ kind: 'command', id: 3, cmd: 'switch', params: { mode: 'singleOff' } }, 'cbor');
    expect(breaker.b.switchMode).toBe('singleOff');
    const gas = brain('gas');
    gas.down({ kind: 'command', id: 4, cmd: 'valve', params: { action: 'close' } });
    expect(gas.b.valve).toBe('close');
    for (const x of [helmet, breaker, gas]) for (const a of x.acks()) expect(a.ok).toBe(true);
    expect([...helmet.acks(), ...breaker.acks(), ...gas.acks()].map((a) => a.ref)).toEqual([1, 2, 3, 4]);
  });

  it('acks a restart and asks to reconnect', () => {
    const { down, acks } = brain('smoke');
    expect(down({ kind: 'command', id: 9, cmd: 'restart', params: {} })).toBe('restart');
    expect(acks()).toEqual([expect.objectContaining({ ref: 9, ok: true })]);
  });

  it('refuses commands its kind does not support, and bad parameters', () => {
    const { down, acks, b } = brain('fireButton');
    expect(down({ kind: 'command', id: 5, cmd: 'locate', params: {} })).toBeUndefined();
    const helmet = brain('helmet');
    helmet.down({ kind: 'command', id: 6, cmd: 'setInterval', params: { seconds: 1 } });
    expect(acks()).toEqual([expect.objectContaining({ ref: 5, ok: false, msg: 'unsupported' })]);
    expect(helmet.acks()).toEqual([expect.objectContaining({ ref: 6, ok: false })]);
    expect(helmet.b.reportIntervalS).toBe(10);
    expect(b.answered).toBe(1);
  });

  it('applies pushed settings (position interval) and acks them', () => {
    const { down, acks, b } = brain('ankle');
    const settings = {
      limits: {},
      alarmDuration: 10,
      restartTime: 0,
      positionInterval: 2,
      gasMeasureTime: 30,
      welcome: '',
      contacts: [],
      whiteList: [],
      blackList: [],
    };
    down({ kind: 'settings', id: 12, settings });
    expect(b.locationIntervalS).toBe(120);
    expect(acks()).toEqual([expect.objectContaining({ ref: 12, ok: true })]);
  });

  it('reports an opening within 3 minutes of its ring as answering the call, a later one as remote', () => {
    let now = 1_700_000_000_000;
    const door = brain('doorUnit', 'json', () => now);
    const opened = () => door.sent.filter((s) => s.message.kind === 'access').map((s) => s.message.method);
    door.b.send({ kind: 'call', roomNo: '101' });
    now += 60_000;
    door.down({ code: '5082', imei: '860999000000001', userId: 3 });
    now += 200_000;
    door.down({ code: '5082', imei: '860999000000001', userId: 3 });
    expect(opened()).toEqual(['call', 'remote']);
  });

  it('confirms an open-door request (5082) with 5091 type 3 on its client topic at QoS 0, door units only', () => {
    const door = brain('doorUnit', 'cbor');
    door.down({ code: '5082', imei: '860999000000001', userId: 3 });
    expect(door.sent[0]).toEqual({
      topic: 'sfwatch/860999000000001/client',
      qos: 0,
      message: { code: '5091', type: 3, imei: '860999000000001', userId: 3 },
    });
    // The opening is reported as an access event too (docs/device-protocol.md#door-access).
    expect(door.sent[1]).toMatchObject({
      topic: 'sfwatch/860999000000001/up',
      qos: 1,
      message: { kind: 'access', method: 'remote', credential: '3', granted: true, reason: 'ok' },
    });
    expect(door.sent).toHaveLength(2);
    expect(door.b.unlocked).toBe(1);
    // Devices in the field send the code as a number too.
    door.down({ code: 5082, imei: '860999000000001', userId: '7' });
    expect(door.sent[2]!.message).toEqual({ code: '5091', type: 3, imei: '860999000000001', userId: '7' });
    const helmet = brain('helmet');
    helmet.down({ code: '5082', imei: '860999000000001', userId: 3 });
    expect(helmet.sent).toEqual([]);
  });

  it('does not open for a request naming another door or lacking the user', () => {
    const door = brain('doorUnit');
    door.down({ code: '5082', imei: '860999000000002', userId: 3 });
    door.down({ code: '5082', imei: '860999000000001' });
    door.down({ code: '5083', imei: '860999000000001', userId: 3 });
    expect(door.sent).toEqual([]);
    expect(door.b.unlocked).toBe(0);
  });

  it('ignores garbage and unknown messages', () => {
    const { b, sent } = brain('helmet');
    expect(b.handle(new Uint8Array([0xff, 0x00]))).toBeUndefined();
    expect(b.handle(encodePayload({ kind: 'dance' }, 'json'))).toBeUndefined();
    expect(sent).toEqual([]);
  });
});
