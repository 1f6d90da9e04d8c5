import { describe, expect, it } from 'vitest';
import { teltonika } from '../../../src/server/protocols/teltonika';
import { newSession } from '../../../src/server/protocols/types';
import {
  codec12,
  CODEC12_COMMAND,
  CODEC12_RESPONSE,
  recordCount,
} from '../../../src/shared/protocols/teltonika/packet';
import { teltonikaVoice } from '../../../src/sim/protocols/voices/teltonika';
import { decode, ofKind } from './teltonika-helpers';

/** The simulator's Teltonika voice read by the service's codec (docs/protocols.md, teltonika). */
describe('Teltonika voice', () => {
  const imei = '352093081234567';
  const fix = { lat: 54.6872, lon: 25.2797, speed: 20, heading: 180, at: Date.UTC(2026, 10, 28, 12), satellites: 9 };
  const readings = { battery: 60, steps: 0 };

  it('logs in with the IMEI frame, sends positions and heartbeats the codec reads', () => {
    const v = teltonikaVoice(imei);
    const session = newSession();
    const framer = teltonika.framer();
    const [login] = framer.push(v.login(readings)!);
    expect(decode(login!, session)).toMatchObject({ imei, login: 'login' });
    const said = v.position(fix, readings);
    const [pos] = framer.push((said as { frame: Buffer }).frame);
    const d = decode(pos!, session);
    expect(d.reply!.toString('hex')).toBe('00000001');
    expect(ofKind(d, 'location')[0]).toMatchObject({ lat: 54.6872, lon: 25.2797, speed: 20, heading: 180, ts: fix.at });
    expect(ofKind(d, 'status')[0]).toMatchObject({ battery: 60 });
    const [beat] = framer.push(v.heartbeat(readings)!);
    const h = decode(beat!, session);
    expect(ofKind(h, 'location')).toEqual([]);
    expect(ofKind(h, 'status')[0]).toMatchObject({ battery: 60 });
    expect(ofKind(h, 'telemetry')[0]!.values.voltage).toBeCloseTo(3.88, 2);
  });

  it('says sos, fall, low battery and power cut as the elements the codec maps', () => {
    const v = teltonikaVoice(imei);
    const alarmOf = (a: 'sos' | 'fall' | 'lowBattery' | 'powerCut') =>
      ofKind(decode(v.alarm(fix, a, readings)), 'alarm').map((u) => u.alarm);
    expect(alarmOf('sos')).toEqual(['sos']);
    expect(alarmOf('fall')).toEqual(['fall']);
    expect(alarmOf('lowBattery')).toEqual(['lowBattery']);
    expect(alarmOf('powerCut')).toEqual(['powerLoss']);
    expect(v.alarms).toEqual({ sos: 'sos', fall: 'fall', lowBattery: 'lowBattery', powerLoss: 'powerCut' });
  });

  it("reads the service's replies: 01 ready, 00 refused, counts acks, a command answered", () => {
    const v = teltonikaVoice(imei);
    const framer = v.framer!();
    const command = codec12(CODEC12_COMMAND, 'getgps');
    const heard = framer.push(Buffer.concat([Buffer.from([1]), recordCount(2), command])).map((f) => v.read(f));
    expect(heard.map((h) => h.kind)).toEqual(['ready', 'ack', 'answer']);
    const answer = (heard[2] as { frame: Buffer }).frame;
    expect(answer.toString('hex')).toBe(codec12(CODEC12_RESPONSE, 'getgps: OK').toString('hex'));
    const refused = teltonikaVoice(imei);
    expect(refused.read(Buffer.from([0]))).toMatchObject({ kind: 'refused' });
  });
});
