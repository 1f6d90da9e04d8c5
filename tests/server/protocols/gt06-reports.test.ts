import { describe, expect, it } from 'vitest';
import type { Uplink } from '../../../src/shared/devices/protocol';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { alarmFrame, decode, FIX_TIME, gpsBlock, shortReply } from './gt06-helpers';

/**
 * The GT06 codec (docs/protocols.md, gt06): logins, heartbeats, positions, alarms, cells and Wi-Fi a device reports.
 */

describe('GT06 decoding', () => {
  it('logs in with the BCD IMEI and answers with the login packet', () => {
    const d = decode('78780D01086471700328358100093F040D0A');
    expect(d).toMatchObject({ imei: '864717003283581', login: 'login', uplinks: [] });
    expect(d.reply!.toString('hex')).toBe(shortReply(0x01, 0x0009));
    // The extended login (type identification and time zone) is answered under its own serial.
    const ext = decode('787811010863586038760942a0010000010aa4000d0a');
    expect(ext.imei).toBe('863586038760942');
    expect(ext.reply!.toString('hex')).toBe(shortReply(0x01, 0x010a));
  });

  it('reads a heartbeat: charging, voltage level 6 of 6, GSM 4 of 4', () => {
    const d = decode('78780a13c40604000201298f5b0d0a');
    expect(d.uplinks).toEqual([{ kind: 'status', charging: true, battery: 100, signal: 4, mainsPower: 1 }]);
    expect(d.reply!.toString('hex')).toBe(shortReply(0x13, 0x0129));
  });

  it("raises the heartbeat's alarm byte but reads its power-cut bits as mains off, not as an alarm", () => {
    const content = Uint8Array.from([0x10, 3, 2, 0x01, 0x02]);
    const d = decode(packet(0x13, 2, content).toString('hex'));
    expect(d.uplinks).toEqual([
      { kind: 'status', charging: false, battery: 50, signal: 2, mainsPower: 0 },
      { kind: 'alarm', alarm: 'sos' },
    ]);
  });

  it('reads a GPS+LBS location (0x12): time, fix, satellites, cell', () => {
    const d = decode('78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a');
    expect(d.uplinks).toHaveLength(1);
    const loc = d.uplinks[0] as Extract<Uplink, { kind: 'location' }>;
    expect(loc).toMatchObject({
      kind: 'location',
      source: 'gps',
      ts: Date.UTC(2015, 9, 20, 14, 21, 11),
      speed: 0,
      heading: 0,
      valid: true,
      satellites: 5,
    });
    expect(loc.lat).toBeCloseTo(54.94535, 5);
    expect(loc.lon).toBeCloseTo(24.01762, 5);
    expect(loc.cells).toEqual([{ mcc: 246, mnc: 1, lac: 110, cid: 21978 }]);
    expect(d.reply!.toString('hex')).toBe(shortReply(0x12, 0x0003));
  });

  it('reads 0x22 with its extra fields, and a two-byte MNC without a fix as a cell-only location', () => {
    const d = decode('787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A');
    expect(d.uplinks[0]).toMatchObject({
      ts: Date.UTC(2015, 11, 29, 2, 51, 5),
      valid: true,
      satellites: 9,
      cells: [{ mcc: 460, mnc: 0, lac: 10365, cid: 8049 }],
    });
    expect((d.uplinks[0] as { lat: number }).lat).toBeCloseTo(23.11169, 5);
    const noFix = decode('78782322110c070f1b0270000000000000000000040081360104cb8a00bef3000000000523030d0a');
    expect(noFix.uplinks).toEqual([
      {
        kind: 'location',
        source: 'lbs',
        ts: Date.UTC(2017, 11, 7, 15, 27, 2),
        cells: [{ mcc: 310, mnc: 260, lac: 52106, cid: 48883 }],
      },
    ]);
  });

  it('reads a GPS-only packet (0x10) with a course', () => {
    const d = decode('787819100B031A0B1B31CC027AC7FD0C4657BF0115210001001CC6070D0A');
    expect(d.uplinks[0]).toMatchObject({
      kind: 'location',
      ts: Date.UTC(2011, 2, 26, 11, 27, 49),
      speed: 1,
      heading: 289,
      valid: true,
      satellites: 12,
    });
  });

  it('negates southern latitudes and western longitudes, and keeps an invalid fix marked so', () => {
    const content = Uint8Array.from([...gpsBlock(33.9, 18.4, 0x0800 | 45), 0, 0, 0, 0, 0, 0, 0, 0]);
    const loc = decode(packet(0x12, 1, content).toString('hex')).uplinks[0] as {
      lat: number;
      lon: number;
      valid: boolean;
      heading: number;
    };
    expect(loc.lat).toBeCloseTo(-33.9, 6);
    expect(loc.lon).toBeCloseTo(-18.4, 6);
    expect(loc).toMatchObject({ valid: false, heading: 45 });
  });

  it('reads an alarm packet with nothing to raise as a location and a status', () => {
    const d = decode('787825160B051B093523CF027AC8360C4657B30014000901CC00266A001E1740050400020008D7B10D0A');
    expect(d.uplinks.map((u) => u.kind)).toEqual(['location', 'status']);
    expect(d.uplinks[1]).toEqual({
      kind: 'status',
      ts: Date.UTC(2011, 4, 27, 9, 53, 35),
      charging: false,
      battery: 83,
      signal: 4,
    });
    expect(d.reply!.toString('hex')).toBe(shortReply(0x16, 0x0008));
  });

  it('maps the alarm byte of real 0x26 and 0x16 packets: vibration, and the terminal bits of a removed device', () => {
    const vibration = decode('7878252612030C063816C3026C10540C38C9700144030901CC002866000EEE0C06040302000DA2DB0D0A');
    expect(vibration.uplinks[2]).toEqual({
      kind: 'event',
      name: 'gt06.vibration',
      ts: Date.UTC(2018, 2, 12, 6, 56, 22),
    });
    expect(vibration.reply!.toString('hex')).toBe(shortReply(0x26, 0x000d));
    const removed = decode('7878251613020C12141AC5027951430C2A16F60014000900000000001A00007C550300020002F1E70D0A');
    expect(removed.uplinks[2]).toEqual({ kind: 'alarm', alarm: 'wearOff', ts: Date.UTC(2019, 1, 12, 18, 20, 26) });
    // An LBS length of 0 followed by an empty multi-cell block: the status comes 45 bytes later.
    const zeroLbs = decode(
      '78784A1614051C150204EC02777E560C2A2A2A5314AF000000000000040000000000000000000000000000000000000000000000000000000000000000000000000000007E061B0982004B24C00D0A',
    );
    expect(zeroLbs.uplinks.slice(1)).toEqual([
      { kind: 'status', ts: Date.UTC(2020, 4, 28, 21, 2, 4), charging: true, battery: 100, mainsPower: 1 },
      { kind: 'event', name: 'gt06.movement', ts: Date.UTC(2020, 4, 28, 21, 2, 4) },
    ]);
  });

  it.each([
    ['0x01', 0x01, { kind: 'alarm', alarm: 'sos' }],
    ['0x02', 0x02, { kind: 'alarm', alarm: 'powerLoss' }],
    ['0x0e', 0x0e, { kind: 'alarm', alarm: 'lowBattery' }],
    ['0x13', 0x13, { kind: 'alarm', alarm: 'fault' }],
    ['0x23', 0x23, { kind: 'alarm', alarm: 'fall' }],
    ['0x2c', 0x2c, { kind: 'alarm', alarm: 'collision' }],
    ['0x06', 0x06, { kind: 'event', name: 'gt06.overspeed' }],
    ['0x07', 0x07, { kind: 'event', name: 'gt06.alarm', value: 7 }],
  ])('maps alarm byte %s', (_hex, code, expected) => {
    const d = decode(alarmFrame(0x40, 4, 3, code));
    expect(d.uplinks[2]).toEqual({ ...expected, ts: FIX_TIME });
  });

  it.each([
    ['0x20', 0x20, { kind: 'alarm', alarm: 'sos' }],
    ['0x10', 0x10, { kind: 'alarm', alarm: 'powerLoss' }],
    ['0x18', 0x18, { kind: 'alarm', alarm: 'lowBattery' }],
    ['0x38', 0x38, { kind: 'alarm', alarm: 'wearOff' }],
    ['0x08', 0x08, { kind: 'event', name: 'gt06.vibration' }],
  ])('maps terminal information %s when the alarm byte is 0', (_hex, info, expected) => {
    expect(decode(alarmFrame(info, 4, 3, 0)).uplinks[2]).toEqual({ ...expected, ts: FIX_TIME });
  });

  it('reads the seven cells of an LBS packet (0x28), skipping empty slots', () => {
    const d = decode(
      '78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A',
    );
    expect(d.uplinks).toEqual([
      {
        kind: 'location',
        source: 'lbs',
        ts: Date.UTC(2016, 0, 13, 2, 2, 2),
        cells: [
          { mcc: 460, mnc: 0, lac: 10365, cid: 8049, signal: -62 },
          { mcc: 460, mnc: 0, lac: 10365, cid: 8050, signal: -49 },
          { mcc: 460, mnc: 0, lac: 10365, cid: 7715, signal: -45 },
          { mcc: 460, mnc: 0, lac: 10365, cid: 8000, signal: -24 },
        ],
      },
    ]);
    expect(d.reply!.toString('hex')).toBe(shortReply(0x28, 0x0005));
  });

  it('reads the access points of a Wi-Fi + LBS packet (0x2C)', () => {
    const d = decode(
      '7878412c11030b011c1f013604cb8a00b17754cb8a00bef357cb8a00b73f5fcb8900b0e25fcb8900b6655fcb8a00b74960cb8a00b178620701001801eb40393800bbbde10d0a',
    );
    const loc = d.uplinks[0] as Extract<Uplink, { kind: 'location' }>;
    expect(loc).toMatchObject({
      source: 'wifi',
      ts: Date.UTC(2017, 2, 11, 1, 28, 31),
      wifi: [{ mac: '00:18:01:eb:40:39', signal: -56 }],
    });
    expect(loc.cells).toHaveLength(7);
    expect(loc.cells![0]).toEqual({ mcc: 310, mnc: 4, lac: 52106, cid: 45431, signal: -84 });
  });
});
