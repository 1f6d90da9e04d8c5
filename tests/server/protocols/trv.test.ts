import { describe, expect, it } from 'vitest';
import { uplinkSchema, type Uplink } from '../../../src/shared/devices/protocol';
import { MAX_FRAME, TrvFramer } from '../../../src/shared/protocols/trv/frame';
import { CODECS } from '../../../src/server/protocols/registry';
import { settingsCommands } from '../../../src/server/protocols/settings-commands';
import { newSession, ProtocolError, type Decoded, type Session } from '../../../src/server/protocols/types';
import { trvVoice } from '../../../src/sim/protocols/voices/trv';
import { fuzz } from './codec-fuzz';
import { resealTrv, TRV, TRV_FRAMES } from './fixtures/trv';

/**
 * The TRV / "IW" codec (docs/protocols.md#trv): framing, the frames of Traccar's
 * TrvProtocolDecoderTest decoded into our uplinks with Traccar's replies, commands and their answers.
 */
const codec = CODECS.trv;
const now = Date.UTC(2026, 10, 28, 9, 5, 7);
const IMEI = '353456789012345';
const b = (s: string) => Buffer.from(s, 'latin1');

function loggedIn(): Session {
  const s = newSession();
  codec.decode(b(TRV.login), s, now);
  s.imei = IMEI;
  return s;
}

function decode(frame: string, session = loggedIn()): Decoded {
  const d = codec.decode(b(frame), session, now);
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).success, JSON.stringify(u)).toBe(true);
  return d;
}

const of = <K extends Uplink['kind']>(d: Decoded, kind: K) =>
  d.uplinks.filter((u): u is Extract<Uplink, { kind: K }> => u.kind === kind);

describe('trv framing', () => {
  it('joins a frame split across chunks, cuts several in one chunk, and skips garbage before a start', () => {
    const f = new TrvFramer();
    const whole = b(TRV.heartbeat);
    expect(f.push(whole.subarray(0, 3))).toEqual([]);
    expect(f.pending()).toBe(3);
    expect(f.push(whole.subarray(3, 10))).toEqual([]);
    expect(f.push(whole.subarray(10))).toEqual([whole]);
    expect(f.pending()).toBe(0);

    expect(f.push(b(`${TRV.heartRate}\r\n${TRV.pressure}${TRV.temperature}`))).toEqual([
      b(TRV.heartRate),
      b(TRV.pressure),
      b(TRV.temperature),
    ]);
    expect(f.dropped()).toBe(0);

    expect(f.push(b(`xx\x01IWnoIW${TRV.heartRate}`))).toEqual([b(TRV.heartRate)]);
    expect(f.dropped()).toBe(9);
  });

  it('arrives a byte at a time', () => {
    const f = new TrvFramer();
    const frames: Buffer[] = [];
    for (const byte of b(TRV.sos + TRV.lbs)) frames.push(...f.push(Buffer.from([byte])));
    expect(frames).toEqual([b(TRV.sos), b(TRV.lbs)]);
  });

  it('drops a broken frame that another frame start interrupts', () => {
    const f = new TrvFramer();
    expect(f.push(b(`IWAP03,0600${TRV.heartRate}`))).toEqual([b(TRV.heartRate)]);
    expect(f.dropped()).toBe(11);
  });

  it('refuses a frame over the limit, finished or not', () => {
    expect(() => new TrvFramer().push(b(`IWAP01${'0'.repeat(MAX_FRAME)}#`))).toThrow(ProtocolError);
    const f = new TrvFramer();
    f.push(b(`IWAP01${'0'.repeat(MAX_FRAME - 100)}`));
    expect(() => f.push(b('0'.repeat(200)))).toThrow(ProtocolError);
  });
});

describe('trv decoding (Traccar frames)', () => {
  it('AP00 logs in and is answered with the UTC time', () => {
    const d = codec.decode(b(TRV.login), newSession(), now);
    expect(d).toMatchObject({ imei: IMEI, login: 'login', uplinks: [] });
    expect(d.reply).toEqual(b('IWBP00,20261128090507,0#'));

    const iccid = codec.decode(b(TRV.loginIccid), newSession(), now);
    expect(iccid).toMatchObject({ imei: '355932600077007', login: 'login' });
    expect(iccid.uplinks).toEqual([
      { kind: 'status', ts: now, iccid: '8901240204123656505f', imsi: '310240202365650' },
    ]);
  });

  it('AP01: a fix with time, hemispheres, speed, course, satellites, the serving cell and the Wi-Fi', () => {
    const d = decode(TRV.position);
    expect(d.reply).toEqual(b('IWBP01#'));
    const [loc] = of(d, 'location');
    expect(loc).toMatchObject({
      ts: Date.UTC(2008, 4, 24, 6, 18, 30),
      source: 'gps',
      valid: true,
      speed: 0.1,
      heading: 323.87,
      satellites: 9,
      cells: [{ mcc: 460, mnc: 0, lac: 9520, cid: 3671 }],
    });
    expect(loc!.lat).toBeCloseTo(22.54968, 5);
    expect(loc!.lon).toBeCloseTo(114.08226, 5);
    expect(loc!.wifi).toHaveLength(4);
    expect(loc!.wifi![0]).toEqual({ mac: '74:de:2b:44:88:8c' });
    expect(of(d, 'status')).toEqual([{ kind: 'status', ts: Date.UTC(2008, 4, 24, 6, 18, 30), signal: 3, battery: 80 }]);
  });

  it('AP02: seven cells and four Wi-Fi access points, no fix', () => {
    const d = decode(TRV.lbs);
    expect(d.reply).toEqual(b('IWBP02#'));
    const [loc] = of(d, 'location');
    expect(loc).toMatchObject({ ts: now, source: 'wifi' });
    expect(loc!.lat).toBeUndefined();
    expect(loc!.cells).toHaveLength(7);
    expect(loc!.cells![6]).toEqual({ mcc: 460, mnc: 0, lac: 9520, cid: 3677 });
    expect(loc!.wifi!.map((w) => w.mac)).toEqual([
      'd8:24:bd:79:fa:1f',
      '3c:46:d8:6d:ce:01',
      '0c:4c:39:1a:7c:65',
      '70:a8:e3:5d:d7:c0',
    ]);

    const other = decode(TRV.lbs260);
    const [loc2] = of(other, 'location');
    expect(loc2!.cells![0]).toEqual({ mcc: 260, mnc: 1, lac: 11002, cid: 39252 });
    expect(loc2!.cells).toHaveLength(6);
    expect(loc2!.wifi).toHaveLength(3);
  });

  it('AP03: signal, battery and steps', () => {
    const d = decode(TRV.heartbeat);
    expect(d.reply).toEqual(b('IWBP03#'));
    expect(d.uplinks).toEqual([
      { kind: 'status', ts: now, signal: 3, battery: 80 },
      { kind: 'telemetry', ts: now, values: { steps: 5555 } },
    ]);
  });

  it('AP10 with code 01 raises SOS with its position; 00 is a position alone', () => {
    const d = decode(TRV.sos);
    expect(d.reply).toEqual(b('IWBP10#'));
    expect(of(d, 'alarm')).toEqual([{ kind: 'alarm', ts: Date.UTC(2008, 4, 24, 6, 18, 30), alarm: 'sos' }]);
    expect(of(d, 'location')[0]).toMatchObject({ valid: true, satellites: 9 });
    expect(of(d, 'location')[0]!.wifi).toHaveLength(4);

    const none = decode(TRV.noAlarm);
    expect(none.reply).toEqual(b('IWBP10#'));
    expect(of(none, 'alarm')).toEqual([]);
    expect(of(none, 'event')).toEqual([]);
    expect(of(none, 'location')).toHaveLength(1);
  });

  it('AP10 codes: fall, taken off, low battery; another code is the event trv.alarm; an unreadable body still alarms', () => {
    const code = (c: string) => TRV.sos.replace(',01,zhcn', `,${c},zhcn`);
    expect(of(decode(code('05')), 'alarm')[0]!.alarm).toBe('fall');
    expect(of(decode(code('06')), 'alarm')[0]!.alarm).toBe('fall');
    expect(of(decode(code('03')), 'alarm')[0]!.alarm).toBe('wearOff');
    expect(of(decode(code('02')), 'alarm')[0]!.alarm).toBe('lowBattery');
    expect(of(decode(code('04')), 'event')).toEqual([
      { kind: 'event', ts: Date.UTC(2008, 4, 24, 6, 18, 30), name: 'trv.alarm', value: 4, note: 'alarm code 04' },
    ]);
    const broken = decode('IWAP10garbled,01#');
    expect(broken.uplinks).toEqual([{ kind: 'event', ts: now, name: 'trv.alarm', note: 'unreadable alarm body' }]);
    expect(broken.reply).toEqual(b('IWBP10#'));
  });

  it('an invalid fix at 0,0 stands on its cell and Wi-Fi', () => {
    const d = decode(
      'IWAP10180918V0000.0000N00000.0000E000.1201000323.8710000009700000,460,0,22457,13889,01,zh-cn,00,a|d8-15-0d-09-51-58|85&a|70-65-82-5b-32-40|93#',
    );
    const [loc] = of(d, 'location');
    expect(loc).toMatchObject({ source: 'wifi', cells: [{ mcc: 460, mnc: 0, lac: 22457, cid: 13889 }] });
    expect(loc!.lat).toBeUndefined();
    expect(of(d, 'alarm')[0]!.alarm).toBe('sos');
    expect(of(d, 'status')[0]).toMatchObject({ battery: 97 });
  });

  it('health readings with the watch codec keys', () => {
    const hr = decode(TRV.heartRate);
    expect(hr.uplinks).toEqual([{ kind: 'telemetry', ts: now, values: { heartRate: 68 } }]);
    expect(hr.reply).toEqual(b('IWBP49#'));

    const bp = decode(TRV.pressure);
    expect(bp.uplinks).toEqual([
      { kind: 'telemetry', ts: now, values: { heartRate: 60, systolic: 130, diastolic: 85 } },
    ]);
    expect(bp.reply).toEqual(b('IWBPHT#'));

    const all = decode(TRV.healthAll);
    expect(all.uplinks).toEqual([
      {
        kind: 'telemetry',
        ts: now,
        values: { heartRate: 60, systolic: 130, diastolic: 85, bloodOxygen: 95, bodyTemp: 36.5 },
      },
    ]);
    expect(all.reply).toEqual(b('IWBPHP#'));

    const temp = decode(TRV.temperature);
    expect(temp.uplinks).toEqual([
      { kind: 'telemetry', ts: now, values: { bodyTemp: 36.7 } },
      { kind: 'status', ts: now, battery: 90 },
    ]);
    expect(temp.reply).toEqual(b('IWBP50#'));

    // Blanks and zeros are the watch measuring nothing.
    expect(decode('IWAPHP,,,,96,,,,,,,,,#').uplinks).toEqual([
      { kind: 'telemetry', ts: now, values: { bloodOxygen: 96 } },
    ]);
    expect(decode('IWAP49,0#').uplinks).toEqual([]);
    expect(() => codec.decode(b('IWAP49,x#'), loggedIn(), now)).toThrow(ProtocolError);
  });

  it('answers to commands are not answered (as Traccar); an unknown type gets its BP', () => {
    expect(decode(TRV.heartRateAnswer).reply).toBeUndefined();
    expect(decode(TRV.sosAnswer).reply).toBeUndefined();
    expect(decode(TRV.phoneBookAnswer).reply).toBeUndefined();
    const other = decode('IWAPWL,1#');
    expect(other).toMatchObject({ uplinks: [], reply: b('IWBPWL#') });
  });

  it('refuses what is no frame of the protocol', () => {
    for (const bad of [
      'IWBP01#',
      'IWap01#',
      'XXAP01#',
      'IWAP00#',
      'IWAP01080524#',
      'IWAP03,abc#',
      'IWAP02,zh,0,9,460#',
    ])
      expect(() => codec.decode(b(bad), loggedIn(), now), bad).toThrow(ProtocolError);
  });
});

describe('trv commands', () => {
  it('encodes our commands with a serial and turns the watch answer naming it into an ack', () => {
    const s = loggedIn();
    const enc = (id: number, cmd: string, params: Record<string, unknown> = {}) =>
      codec.encode({ id, cmd, params }, s, now)?.toString('latin1');
    expect(enc(11, 'locate')).toBe(`IWBP16,${IMEI},000001#`);
    expect(enc(12, 'setInterval', { seconds: 300 })).toBe(`IWBP15,${IMEI},000002,300#`);
    expect(enc(13, 'sosNumbers', { numbers: ['+491773329827', '110'] })).toBe(
      `IWBP12,${IMEI},000003,+491773329827,110,#`,
    );
    expect(enc(14, 'restart')).toBe(`IWBP18,${IMEI},000004#`);
    expect(enc(15, 'broadcast', { text: 'Hi' })).toBe(`IWBP40,${IMEI},000005,00480069#`);
    expect(enc(16, 'custom', { text: `IWBPXL,${IMEI},080835` })).toBe(`IWBPXL,${IMEI},080835#`);
    expect(enc(17, 'relay', { on: true })).toBeUndefined();
    expect(enc(18, 'doNotDisturb', { periods: ['22:00-07:00'] })).toBeUndefined();
    expect(() => enc(19, 'setInterval', { seconds: 5 })).toThrow(ProtocolError);
    expect(() => enc(20, 'custom', { text: 'RESET#now' })).toThrow(ProtocolError);

    const ack = (frame: string) => decode(frame, s).uplinks;
    expect(ack('IWAP16,000001#')).toEqual([{ kind: 'ack', ts: now, ref: 11, ok: true }]);
    expect(ack('IWAP16,000001#')).toEqual([]); // answered once
    expect(ack('IWAP12,000003,+491773329827,110,#')).toEqual([{ kind: 'ack', ts: now, ref: 13, ok: true }]);
    expect(ack(TRV.heartRateAnswer)).toEqual([{ kind: 'ack', ts: now, ref: 16, ok: true }]);
    expect(codec.acknowledges).toBe(true);
  });

  it('a settings push says the interval and the SOS numbers', () => {
    const cmds = settingsCommands(
      7,
      { positionInterval: 2, sosNumbers: ['112'], doNotDisturb: ['22:00-07:00'] },
      codec,
    );
    expect(cmds.map((c) => c.cmd)).toEqual(['setInterval', 'sosNumbers']);
  });
});

describe('trv simulator voice', () => {
  it('says what the codec reads and reads the service answers', () => {
    const v = trvVoice(IMEI);
    const s = newSession();
    const fix = {
      lat: -33.8688,
      lon: 151.2093,
      speed: 12.5,
      heading: 90,
      at: Date.UTC(2026, 0, 2, 3, 4, 5),
      satellites: 7,
    };
    const login = codec.decode(v.login({ battery: 80, steps: 3 })!, s, now);
    expect(login.imei).toBe(IMEI);
    expect(v.read(login.reply!)).toEqual({ kind: 'ready' });
    const hb = codec.decode(v.heartbeat({ battery: 55, steps: 1234 })!, s, now);
    expect(hb.uplinks).toEqual([
      { kind: 'status', ts: now, signal: 4, battery: 55 },
      { kind: 'telemetry', ts: now, values: { steps: 1234 } },
    ]);
    expect(v.read(hb.reply!)).toEqual({ kind: 'ack' });
    const said = v.position(fix, { battery: 70, steps: 0 });
    const pos = codec.decode((said as { frame: Buffer }).frame, s, now);
    const [loc] = of(pos, 'location');
    expect(loc).toMatchObject({ ts: fix.at, valid: true, speed: 12.5, heading: 90, satellites: 7 });
    expect(loc!.lat).toBeCloseTo(-33.8688, 4);
    expect(loc!.lon).toBeCloseTo(151.2093, 4);
    for (const [alarm, ours] of [
      ['sos', 'sos'],
      ['fall', 'fall'],
      ['removed', 'wearOff'],
      ['lowBattery', 'lowBattery'],
    ] as const)
      expect(of(codec.decode(v.alarm(fix, alarm, { battery: 60, steps: 0 }), s, now), 'alarm')[0]!.alarm).toBe(ours);
  });
});

describe('trv fuzz', () => {
  it('lets only ProtocolError escape and every uplink pass the schema', () => {
    const r = fuzz({ codec, corpus: TRV_FRAMES, reseal: resealTrv, runs: 4000, seed: 5010 });
    expect(r.escaped).toEqual([]);
    expect(r.invalid).toEqual([]);
    expect(r.decoded).toBeGreaterThan(1000);
  });
});
