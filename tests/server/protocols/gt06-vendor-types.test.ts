import { describe, expect, it } from 'vitest';
import { newSession } from '../../../src/server/protocols/types';
import {
  alarmFrame,
  bytes,
  decode,
  FIX_TIME,
  frame,
  gpsBlock,
  hex,
  type Location,
  NE_VALID,
  shortReply,
} from './gt06-helpers';

/**
 * The GT06 types of the common vendors (docs/protocols.md, gt06): their own packets, their variants
 * inside the known types, and the alarm and event codes they send. Frames published with Traccar's
 * decoder tests where there are some, else built from the protocol documents' layouts;
 * gt06-4g-types.test.ts has the 4G generation's types.
 */

/** Table rows named by their code in hex. */
const named = <T>(rows: [number, T][]) =>
  rows.map(([code, e]) => [code.toString(16).padStart(2, '0'), code, e] as const);

describe('GT06 vendor types', () => {
  it('reads 0x19 (LBS + status + alarm): the cell, the status, the SOS of its alarm byte', () => {
    const d = decode('78781219028f0a29e10036f12003040102000875dc0d0a');
    expect(d.uplinks).toEqual([
      { kind: 'location', source: 'lbs', cells: [{ mcc: 655, mnc: 10, lac: 10721, cid: 14065 }] },
      { kind: 'status', charging: false, battery: 50, signal: 4 },
      { kind: 'alarm', alarm: 'sos' },
    ]);
    expect(d.reply!.toString('hex')).toBe(shortReply(0x19, 8));
  });

  it("reads the Wi-Fi packets 0x17/0x69 whose length byte counts access points, answering with the packet's time", () => {
    const wifi = decode(
      '787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A',
    );
    const loc = wifi.uplinks[0] as Location;
    expect(loc).toMatchObject({ source: 'wifi', ts: Date.UTC(2016, 3, 13, 3, 18, 49) });
    expect(loc.wifi).toEqual([
      { mac: '14:75:90:5b:d3:0e', signal: -37 },
      { mac: '00:1e:10:bb:f7:63', signal: -93 },
      { mac: '14:75:90:06:e6:26', signal: -86 },
    ]);
    expect(loc.cells).toHaveLength(5);
    expect(loc.cells![0]).toEqual({ mcc: 460, mnc: 0, lac: 10342, cid: 3873, signal: -50 });
    expect(wifi.reply!.toString('hex')).toBe('787800691604130318490d0a');
    expect(wifi.irregular).toBeUndefined();
    const cellsOnly = decode(
      '7878001719011910543607028f0100bc2e695a00bcb3635a00bc27c56400bc447b6400bc46c96400bc33ce6400bc64ca640d0a',
    );
    expect(cellsOnly.uplinks[0]).toMatchObject({ source: 'lbs', ts: Date.UTC(2019, 0, 19, 10, 54, 36) });
    expect((cellsOnly.uplinks[0] as Location).cells).toHaveLength(7);
    expect(cellsOnly.reply!.toString('hex')).toBe('787800171901191054360d0a');
  });

  it('reads 0x17 with a length that agrees as GPS + LBS (the card-reader variant)', () => {
    const d = decode(
      frame(0x17, [...gpsBlock(23.1, 114.4, NE_VALID), ...bytes('01cc00287d001f71'), ...Array(9).fill(0)]),
    );
    expect(d.uplinks[0]).toMatchObject({ source: 'gps', ts: FIX_TIME, cells: [{ mcc: 460, mnc: 0 }] });
    expect(d.reply!.toString('hex')).toBe(shortReply(0x17, 7));
  });

  it('reads the 0x23 heartbeat: charging, GSM signal (battery voltage in the summary)', () => {
    const d = decode('78780B23C00122040001000818720D0A');
    expect(d.uplinks).toEqual([{ kind: 'status', charging: false, signal: 4 }]);
    expect(d.summary).toContain('2.90 V');
    expect(d.reply!.toString('hex')).toBe(shortReply(0x23, 8));
    const charging = decode(frame(0x23, [0x44, 0x01, 0x9a, 3, 0, 2]));
    expect(charging.uplinks[0]).toEqual({ kind: 'status', charging: true, mainsPower: 1, signal: 3 });
  });

  it('reads 0x36 (Jimi IoT status with modules): battery from module 0x006A, and 0x39 raising its alarm byte', () => {
    const modules = [...bytes('006a0157'), ...bytes('0018020172'), ...bytes('00320101')];
    const s = decode(frame(0x36, [0x44, 4, 3, 0, 2, ...modules]));
    expect(s.uplinks).toEqual([{ kind: 'status', charging: true, battery: 87, signal: 3, mainsPower: 1 }]);
    expect(s.summary).toContain('3.70 V');
    expect(s.reply!.toString('hex')).toBe(shortReply(0x36, 7));
    const a = decode(frame(0x39, [0x40, 5, 4, 0x18, 2, ...bytes('006a0150')]));
    expect(a.uplinks).toEqual([
      { kind: 'status', charging: false, battery: 80, signal: 4 },
      { kind: 'alarm', alarm: 'wearOff' },
    ]);
    // A long 0x36 is X1 photo data, not this status.
    expect(decode(frame(0x36, [0x44, 4, 3, 0x01, 2], 8, true)).uplinks).toEqual([]);
    // A module running past the content is a forged frame.
    expect(() => decode(frame(0x36, [0x44, 4, 3, 0, 2, ...bytes('006a0557')]))).toThrow('module');
  });

  it("reads 0x94 information: ICCID and IMSI, external power, the status text, a fuel sensor's temperature; no reply", () => {
    const iccid = decode('79790020940A035985708053908307060104900402788950301217070401538F0003E8210D0A');
    expect(iccid.uplinks).toEqual([{ kind: 'status', iccid: '8950301217070401538', imsi: '706010490040278' }]);
    expect(iccid.reply).toBeUndefined();
    expect(decode('79790008940000ed0289d6860d0a').uplinks).toEqual([{ kind: 'telemetry', values: { voltage: 2.37 } }]);
    expect(decode('7878079404eb001c705d0d0a').uplinks).toEqual([{ kind: 'telemetry', values: { voltage: 12.59 } }]);
    const text = decode(
      '797900a59404414c4d313d34353b414c4d323d44353b414c4d333d35353b535441313d34303b4459443d30313b534f533d303538353036313536372c2c3b43454e5445523d3b46454e43453d46656e63652c4f46462c302c302e3030303030302c302e3030303030302c3330302c494e206f72204f55542c303b49434349443d38393937313033313031303038393539303432463b4d4f44453d4d4f44452c312c3138303b0008f65e0d0a',
    );
    expect(text.uplinks).toEqual([{ kind: 'status', iccid: '8997103101008959042' }]);
    const fuel = decode(
      '7979003F940D110315102A202141494F494C2C30322C3030382E3239302C3032392E3630302C3531394A2C303430302C3030382E3433302C302C30302C4142001678EA0D0A',
    );
    expect(fuel.uplinks).toEqual([{ kind: 'telemetry', values: { ambientTemp: 29.6 } }]);
  });

  it('reads 0x95 alarms (JC100): short and long forms, answered with an echo', () => {
    const acc = decode('78780c95130a0209321c90000112800d0a');
    expect(acc.uplinks).toEqual([{ kind: 'event', name: 'gt06.acceleration', ts: Date.UTC(2019, 9, 2, 9, 50, 28) }]);
    expect(acc.reply!.toString('hex')).toBe(shortReply(0x95, 1));
    expect(decode('78780c95130a0209321c91000112800d0a').uplinks[0]).toMatchObject({ name: 'gt06.braking' });
    // The short form's 0x01 is a general alarm, kept by its code; the long form's is SOS.
    expect(decode('78780c95130a071223200100013ad10d0a').uplinks).toEqual([
      { kind: 'event', name: 'gt06.alarm', value: 1, ts: Date.UTC(2019, 9, 7, 18, 35, 32) },
    ]);
    const crash = decode(
      '78785195140a020c2914055D4A800209D9C014009300004556454e545f3335333337363131303032333139365f30303030303030305f323032305f31305f30325f31345f34315f32305f30352e6d70340004e3a60d0a',
    );
    expect(crash.uplinks[0]).toMatchObject({ kind: 'location', lat: 50, lon: 19, valid: true });
    expect(crash.uplinks[1]).toEqual({ kind: 'alarm', alarm: 'collision', ts: Date.UTC(2020, 9, 2, 12, 41, 20) });
    // Published with a CRC its device got wrong: accepted, marked.
    expect(crash.irregular).toEqual(['checksumMismatch']);
    const sos = decode(frame(0x95, [...bytes('140a070c1434055D4A800209D9C01428'), 0x01, 0, 0]));
    expect(sos.uplinks[1]).toMatchObject({ kind: 'alarm', alarm: 'sos' });
  });

  it('reads 0x70 (modular): GPS, ICCID, and the event module 0x2B whose 0x14 is the removal', () => {
    const d = decode(
      '797900a87000000001020035000101003300125d7e3a180600d504b598f708814b3a001d1500340006125d7e39dc000011000a012e02620000000000000001000803537601000129800002000803102608593397620003000a89012608522933976266001800020172002b000114002c00045d7df3c70009000106000a000109002800010d002e00040000f25d002a000111002900040000017e0030000a000100b4000a00b402d0000591250d0a',
    );
    const ts = 0x5d7e3a18 * 1000;
    expect(d.uplinks[0]).toMatchObject({ kind: 'location', source: 'gps', ts, valid: true, satellites: 6 });
    expect((d.uplinks[0] as Location).lat).toBeCloseTo(43.89447, 5);
    expect(d.uplinks.slice(1)).toEqual([
      { kind: 'status', iccid: '89012608522933976266', ts },
      { kind: 'event', name: 'gt06.event', value: 0x12, ts },
      { kind: 'alarm', alarm: 'wearOff', ts },
    ]);
    expect(d.reply!.toString('hex')).toBe(shortReply(0x70, 5));
  });

  it.each(
    named([
      [0x11, { kind: 'alarm', alarm: 'lowBattery' }],
      [0x12, { kind: 'alarm', alarm: 'lowBattery' }],
      [0x13, { kind: 'alarm', alarm: 'powerLoss' }],
      [0x14, { kind: 'alarm', alarm: 'wearOff' }],
      [0x99, { kind: 'event', name: 'gt06.event', value: 0x99 }],
    ]),
  )('maps event module code 0x%s of 0x70', (_hex, code, expected) => {
    expect(decode(frame(0x70, [0x00, 0x2b, 0x00, 0x01, code], 3, true)).uplinks).toEqual([expected]);
  });

  it('reads 0xF1 status as a heartbeat', () => {
    const d = decode(frame(0xf1, [0x04, 6, 4, 0x01, 2]));
    expect(d.uplinks).toEqual([
      { kind: 'status', charging: true, battery: 100, signal: 4, mainsPower: 1 },
      { kind: 'alarm', alarm: 'sos' },
    ]);
    expect(d.reply!.toString('hex')).toBe(shortReply(0xf1, 7));
  });
});

describe('GT06 inside the known types', () => {
  it('reads the 22-byte 0x13: a battery percentage, its alarm byte only', () => {
    const d = decode('7878151330802b00000642014f0008720000802b5ee4d4c90d0a');
    expect(d.uplinks).toEqual([{ kind: 'status', charging: false, battery: 6 }]);
    const content = [...hex('30802b')];
    const fall = decode(frame(0x13, [...content, 0x23, 0, 55, 0x42, 1, 0x4f, 0, 8, 0x72, 0, 0, 0x80, 0x2b]));
    expect(fall.uplinks).toEqual([
      { kind: 'status', charging: false, battery: 55 },
      { kind: 'alarm', alarm: 'fall' },
    ]);
  });

  it('reads the 0x12/0x22 trailer into the summary: ACC, upload reason, re-upload, mileage', () => {
    const d = decode(
      frame(0x22, [...gpsBlock(23.1, 114.4, NE_VALID), ...bytes('01cc00287d001f71'), 1, 2, 0, 0, 0, 0x30, 0x39]),
    );
    expect(d.summary).toContain('acc on reason 2 mileage 12345');
    expect(d.summary).not.toContain('re-upload');
  });

  it('reads the 0x16 variant with steps and a battery percentage', () => {
    const content = [
      ...gpsBlock(23.1, 114.4, NE_VALID),
      ...bytes('0901cc00287d001f71'),
      0x40,
      3,
      4,
      0,
      2,
      ...bytes('00001a85'),
      64,
    ];
    const d = decode(frame(0x16, content));
    expect(d.uplinks.slice(1)).toEqual([
      { kind: 'status', ts: FIX_TIME, charging: false, battery: 64, signal: 4 },
      { kind: 'telemetry', ts: FIX_TIME, values: { steps: 6789 } },
    ]);
  });

  it("raises a status packet's terminal information bits on their edge: once when they change, again after normal", () => {
    const session = newSession();
    const hb = (info: number) => decode(frame(0x13, [info, 4, 4, 0, 2]), session).uplinks.slice(1);
    expect(hb(0x40)).toEqual([]);
    expect(hb(0x40 | (7 << 3))).toEqual([{ kind: 'alarm', alarm: 'wearOff' }]);
    expect(hb(0x40 | (7 << 3))).toEqual([]);
    expect(hb(0x40 | (4 << 3))).toEqual([{ kind: 'alarm', alarm: 'sos' }]);
    expect(hb(0x40)).toEqual([]);
    expect(hb(0x40 | (4 << 3))).toEqual([{ kind: 'alarm', alarm: 'sos' }]);
    // 0x23 and 0x36 are status packets too.
    expect(decode(frame(0x23, [0x40 | (3 << 3), 1, 0x9a, 3, 0, 2]), session).uplinks[1]).toEqual({
      kind: 'alarm',
      alarm: 'lowBattery',
    });
    expect(decode(frame(0x36, [0x40 | (2 << 3), 4, 3, 0, 2]), session).uplinks[1]).toEqual({
      kind: 'alarm',
      alarm: 'powerLoss',
    });
  });
});

describe('GT06 alarm codes', () => {
  it.each(
    named([
      [0x18, { kind: 'alarm', alarm: 'wearOff' }],
      [0x0c, { kind: 'alarm', alarm: 'fault' }],
      [0x13, { kind: 'alarm', alarm: 'fault' }],
      [0x25, { kind: 'alarm', alarm: 'fault' }],
      [0x32, { kind: 'alarm', alarm: 'fault' }],
      [0x19, { kind: 'alarm', alarm: 'lowBattery' }],
      [0x0f, { kind: 'alarm', alarm: 'lowBattery' }],
      [0xf2, { kind: 'alarm', alarm: 'collision' }],
      [0x1a, { kind: 'event', name: 'gt06.braking' }],
      [0x1b, { kind: 'event', name: 'gt06.cornering' }],
      [0x26, { kind: 'event', name: 'gt06.acceleration' }],
      [0x27, { kind: 'event', name: 'gt06.braking' }],
      [0x28, { kind: 'event', name: 'gt06.braking' }],
      [0x29, { kind: 'event', name: 'gt06.acceleration' }],
      [0x2a, { kind: 'event', name: 'gt06.cornering' }],
      [0x2e, { kind: 'event', name: 'gt06.cornering' }],
      [0x30, { kind: 'event', name: 'gt06.braking' }],
      [0xf0, { kind: 'event', name: 'gt06.acceleration' }],
      [0xf1, { kind: 'event', name: 'gt06.braking' }],
      [0x03, { kind: 'event', name: 'gt06.vibration' }],
      [0x09, { kind: 'event', name: 'gt06.movement' }],
      [0x0a, { kind: 'event', name: 'gt06.gpsBlindEnter' }],
      [0x10, { kind: 'event', name: 'gt06.simChanged' }],
      [0x11, { kind: 'event', name: 'gt06.powerOff' }],
      [0x14, { kind: 'event', name: 'gt06.door' }],
      [0x17, { kind: 'event', name: 'gt06.fakeBaseStation' }],
      [0xfe, { kind: 'event', name: 'gt06.accOn' }],
      [0xff, { kind: 'event', name: 'gt06.accOff' }],
      [0x77, { kind: 'event', name: 'gt06.alarm', value: 0x77 }],
    ]),
  )('maps alarm byte 0x%s on alarm packets, heartbeats and 0x19', (_hex, code, expected) => {
    expect(decode(alarmFrame(0x40, 4, 3, code)).uplinks[2]).toEqual({ ...expected, ts: FIX_TIME });
    expect(decode(frame(0x13, [0x40, 4, 3, code, 2])).uplinks[1]).toEqual(expected);
    expect(decode(frame(0x19, [...bytes('01cc00287d001f71'), 0x40, 4, 3, code, 2])).uplinks[2]).toEqual(expected);
  });

  it.each(
    named([
      [0x0e, { kind: 'alarm', alarm: 'lowBattery' }],
      [0x76, { kind: 'event', name: 'gt06.temperature' }],
      [0x80, { kind: 'event', name: 'gt06.vibration' }],
      [0x87, { kind: 'event', name: 'gt06.overspeed' }],
      [0x88, { kind: 'alarm', alarm: 'powerLoss' }],
      [0x92, { kind: 'event', name: 'gt06.cornering' }],
      [0x93, { kind: 'alarm', alarm: 'collision' }],
      [0x42, { kind: 'event', name: 'gt06.alarm', value: 0x42 }],
    ]),
  )('maps 0x95 event 0x%s', (_hex, code, expected) => {
    expect(decode(frame(0x95, [...bytes('130a0209321c'), code])).uplinks).toEqual([
      { ...expected, ts: Date.UTC(2019, 9, 2, 9, 50, 28) },
    ]);
  });
});
