import { describe, expect, it } from 'vitest';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { newSession } from '../../../src/server/protocols/types';
import { bytes, decode, FIX_TIME, frame, gpsBlock, hex, type Location, NE_VALID, shortReply } from './gt06-helpers';

/**
 * The GT06 types of the 4G generation (docs/protocols.md, gt06): the extended login's time zone,
 * the 4G locations, cells, access points and alarms (0xA0 to 0xA9). Frames published with Traccar's
 * decoder tests where there are some, else built from the protocol documents' layouts;
 * gt06-vendor-types.test.ts has the common vendors' types.
 */

describe('GT06 login time zone', () => {
  it("applies the extended login's time zone (GMT+8 in the JM-VL03 document's example) to the device's dates", () => {
    const session = newSession();
    const login = decode('78781101075253367890024270003201000512790D0A', session);
    expect(login.imei).toBe('752533678900242');
    const d = decode(frame(0x12, [...gpsBlock(23.1, 114.4, NE_VALID), ...bytes('01cc00287d001f71')]), session);
    expect(d.uplinks[0]!.ts).toBe(FIX_TIME - 8 * 3_600_000);
    // West of UTC: bit 3 (GMT-12:45 is 0x4DD8).
    const west = newSession();
    decode(packet(0x01, 1, hex('0752533678900242' + '7000' + '4dd8')).toString('hex'), west);
    const w = decode(frame(0x10, gpsBlock(23.1, 114.4, NE_VALID)), west);
    expect(w.uplinks[0]!.ts).toBe(FIX_TIME + (12 * 60 + 45) * 60_000);
    // A login without the extension leaves dates as UTC.
    const plain = newSession();
    decode('78780D01086471700328358100093F040D0A', plain);
    expect(decode(frame(0x10, gpsBlock(23.1, 114.4, NE_VALID)), plain).uplinks[0]!.ts).toBe(FIX_TIME);
  });
});

describe('GT06 4G types', () => {
  it('reads 0xA0: the fix, a 4G cell (two-byte MNC, 4-byte LAC, 8-byte cell id) and the trailer', () => {
    const d = decode(
      frame(0xa0, [...gpsBlock(23.1, 114.4, NE_VALID), ...bytes('81cc00010000260e000000000615f801'), 1, 3, 1], 9),
    );
    const loc = d.uplinks[0] as Location;
    expect(loc).toMatchObject({ kind: 'location', source: 'gps', ts: FIX_TIME, valid: true });
    expect(loc.cells).toEqual([{ mcc: 460, mnc: 1, lac: 9742, cid: 102103041 }]);
    expect(d.summary).toContain('acc on reason 3 re-upload');
    expect(d.reply!.toString('hex')).toBe(shortReply(0xa0, 9));
    // A one-byte MNC, and mileage after the re-upload flag.
    const short = decode(
      frame(0xa0, [
        ...gpsBlock(23.1, 114.4, NE_VALID),
        ...bytes('01cc000000260e000000000615f801'),
        0,
        0,
        0,
        0,
        0,
        1,
        0,
      ]),
    );
    expect((short.uplinks[0] as Location).cells).toEqual([{ mcc: 460, mnc: 0, lac: 9742, cid: 102103041 }]);
    expect(short.summary).toContain('acc off reason 0 mileage 256');
  });

  it('reads the seven 4G cells of 0xA1', () => {
    const d = decode(
      '78786CA1110B0413093801CC01000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201FF0002000541D70D0A',
    );
    const loc = d.uplinks[0] as Location;
    expect(loc).toMatchObject({ source: 'lbs', ts: Date.UTC(2017, 10, 4, 19, 9, 56) });
    expect(loc.cells).toHaveLength(7);
    expect(loc.cells![0]).toEqual({ mcc: 460, mnc: 1, lac: 9724, cid: 102285570, signal: -1 });
    expect(d.reply!.toString('hex')).toBe(shortReply(0xa1, 5));
  });

  it('reads the 4G cells and access points of 0xA2, skipping empty slots', () => {
    const d = decode(
      '78787aa2110c0e06372c813601040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c0104ff02001801eb4039d10000000000000004fabeb50d0a',
    );
    const loc = d.uplinks[0] as Location;
    expect(loc.source).toBe('wifi');
    expect(loc.cells![0]).toEqual({ mcc: 310, mnc: 260, lac: 22802, cid: 10320897, signal: -4 });
    // The second access point is all zeros: an empty slot.
    expect(loc.wifi).toEqual([{ mac: '00:18:01:eb:40:39' }]);
  });

  it('reads 0xA4 (4G multi-fence alarm): fix, 4G cell, status and the alarm byte', () => {
    const d = decode(
      '78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A',
    );
    const ts = Date.UTC(2017, 11, 12, 2, 40, 27);
    expect(d.uplinks[0]).toMatchObject({
      kind: 'location',
      ts,
      cells: [{ mcc: 460, mnc: 1, lac: 9742, cid: 102103041 }],
    });
    expect(d.uplinks.slice(1)).toEqual([
      { kind: 'status', ts, charging: true, battery: 83, signal: 4, mainsPower: 1 },
      { kind: 'event', name: 'gt06.powerOff', ts },
    ]);
    expect(d.reply!.toString('hex')).toBe(shortReply(0xa4, 0x10));
  });

  it('reads 0xA5 (4G LBS alarm) and answers an 0xA7 address request by 4G cell with 0x97', () => {
    const a5 = decode('787819a501cc0000009191000000000906170304050400010005f44d0d0a');
    expect(a5.uplinks).toEqual([
      { kind: 'location', source: 'lbs', cells: [{ mcc: 460, mnc: 0, lac: 37265, cid: 151394051 }] },
      { kind: 'status', charging: true, battery: 83, signal: 4, mainsPower: 1 },
    ]);
    expect(a5.reply!.toString('hex')).toBe(shortReply(0xa5, 5));
    const a7 = decode(
      '78782ba701cc000000919100000000090617032b3836313832323038343735363200000000000000000100049fb60d0a',
    );
    expect(a7.uplinks[0]).toMatchObject({ cells: [{ mcc: 460, mnc: 0, lac: 37265, cid: 151394051 }] });
    expect(a7.reply!.subarray(0, 5).toString('hex')).toBe('7979001597');
    expect(a7.reply!.includes(Buffer.from('NA&&NA&&0##'))).toBe(true);
  });

  it('reads 0xA9 (4G Wi-Fi alarm): the 0xA2 layout and the status block, raising its alarm byte', () => {
    const cell = bytes('0000591200000000009d7c0140');
    const content = [
      ...bytes('1a0b1a091e00'),
      ...bytes('01cc00'),
      ...cell,
      ...Array.from({ length: 6 * 13 }, () => 0),
      0xff,
      1,
      ...bytes('001801eb403938'),
      0x44,
      4,
      3,
      0x18,
      2,
    ];
    const d = decode(frame(0xa9, content));
    const ts = Date.UTC(2026, 10, 26, 9, 30, 0);
    expect(d.uplinks).toEqual([
      {
        kind: 'location',
        source: 'wifi',
        ts,
        cells: [{ mcc: 460, mnc: 0, lac: 22802, cid: 10320897, signal: -64 }],
        wifi: [{ mac: '00:18:01:eb:40:39', signal: -56 }],
      },
      { kind: 'status', ts, charging: true, battery: 67, signal: 3, mainsPower: 1 },
      { kind: 'alarm', alarm: 'wearOff', ts },
    ]);
  });
});
