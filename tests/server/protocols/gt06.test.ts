import { describe, expect, it } from 'vitest';
import { uplinkSchema, type Uplink } from '../../../src/shared/devices/protocol';
import { gt06 } from '../../../src/server/protocols/gt06';
import { crcItu } from '../../../src/shared/protocols/gt06/crc';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { newSession, ProtocolError, type Session } from '../../../src/server/protocols/types';
import { fuzz, RESEAL } from './codec-fuzz';

/**
 * The GT06 codec (docs/protocols.md, gt06). Device frames are ones published with Traccar's
 * decoder tests (real devices' traffic); the replies are worked out from the protocol's packet
 * layout, their CRC checked with a bit-by-bit CRC-16/X-25 written here apart from the codec's.
 */

const hex = (s: string) => Buffer.from(s, 'hex');
const NOW = Date.UTC(2026, 10, 26, 18, 0, 0);

/** CRC-16/X-25 bit by bit: reflected polynomial 0x8408, initial 0xFFFF, final XOR 0xFFFF. */
function x25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc ^ 0xffff;
}

/** A short reply worked out by hand: 7878, length 5, protocol number, serial, CRC over length..serial, 0D0A. */
function shortReply(type: number, serial: number): string {
  const body = [5, type, serial >> 8, serial & 0xff];
  const crc = x25(Uint8Array.from(body));
  return Buffer.from([0x78, 0x78, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex');
}

function decode(frame: string, session: Session = newSession()) {
  const d = gt06.decode(hex(frame), session, NOW);
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).success, JSON.stringify(u)).toBe(true);
  return d;
}

/** The 18-byte GPS block: date, satellites, latitude/longitude (1/1,800,000 degree), speed, course and flags. */
function gpsBlock(lat: number, lon: number, flags: number): number[] {
  const b = Buffer.alloc(18);
  b.set([26, 11, 26, 9, 30, 0, 0xc8], 0);
  b.writeUInt32BE(Math.round(lat * 1_800_000), 7);
  b.writeUInt32BE(Math.round(lon * 1_800_000), 11);
  b[15] = 40;
  b.writeUInt16BE(flags, 16);
  return [...b];
}
const FIX_TIME = Date.UTC(2026, 10, 26, 9, 30, 0);
const NORTH_EAST_VALID = 0x1400 | 90;

/** An alarm packet (0x16) with the standard 9-byte LBS block and status bytes. */
function alarmFrame(info: number, voltage: number, gsm: number, alarm: number): string {
  const content = [
    ...gpsBlock(23.1, 114.4, NORTH_EAST_VALID),
    0x09,
    0x01,
    0xcc,
    0x00,
    0x28,
    0x7d,
    0x00,
    0x1f,
    0x71,
    info,
    voltage,
    gsm,
    alarm,
    0x02,
  ];
  return packet(0x16, 7, Uint8Array.from(content)).toString('hex');
}

describe('CRC-ITU', () => {
  it('is CRC-16/X-25: the check value of "123456789" and the protocol document\'s example replies', () => {
    expect(crcItu(Buffer.from('123456789'), 0, 9)).toBe(0x906e);
    // Login and status replies for serial 1 as the GT06 protocol document prints them.
    expect(packet(0x01, 1).toString('hex')).toBe('787805010001d9dc0d0a');
    expect(packet(0x13, 1).toString('hex')).toBe('787805130001e9f10d0a');
  });
});

describe('GT06 framer', () => {
  const login = hex('78780D01086471700328358100093F040D0A');
  const heartbeat = hex('78780a13c40604000201298f5b0d0a');

  it('joins a frame sent a byte at a time, holding the partial one', () => {
    const framer = gt06.framer();
    const frames: Buffer[] = [];
    const byteAtATime = (from: number, to: number) => {
      for (let i = from; i < to; i++) frames.push(...framer.push(login.subarray(i, i + 1)));
    };
    byteAtATime(0, 6);
    expect(framer.pending()).toBe(6);
    byteAtATime(6, login.length);
    expect(frames).toEqual([login]);
    expect(framer.pending()).toBe(0);
  });

  it('splits two frames in one chunk and keeps the start of a third', () => {
    const framer = gt06.framer();
    expect(framer.push(Buffer.concat([login, heartbeat, heartbeat.subarray(0, 4)]))).toEqual([login, heartbeat]);
    expect(framer.pending()).toBe(4);
    expect(framer.push(heartbeat.subarray(4))).toEqual([heartbeat]);
  });

  it('skips garbage before a frame, a lone start byte and a start whose frame does not end in 0D0A', () => {
    const framer = gt06.framer();
    const garbage = Buffer.concat([hex('00ff7879'), hex('787803'), hex('0102030405'), hex('79')]);
    expect(framer.push(Buffer.concat([garbage, login, hex('0d0a'), heartbeat]))).toEqual([login, heartbeat]);
    expect(framer.pending()).toBe(0);
  });

  it('refuses a frame longer than maxFrame, and a stream that never holds a frame', () => {
    expect(() => gt06.framer().push(hex('7979ffff01'))).toThrow(ProtocolError);
    expect(() => gt06.framer().push(Buffer.alloc(gt06.maxFrame + 1, 0x41))).toThrow(ProtocolError);
  });
});

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
    ['0x0c', 0x0c, { kind: 'event', name: 'gt06.alarm', value: 12 }],
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

  it('answers an address request (0x2A English) with an empty address in a long 0x97 packet, 0x1A with a short 0x17', () => {
    const frame =
      '78782E2A0F0C1D071139CA027AC8000C4658000014D83132353230313335333231373730373900000000000001002A6ECE0D0A';
    const d = decode(frame);
    expect(d.uplinks[0]).toMatchObject({
      kind: 'location',
      ts: Date.UTC(2015, 11, 29, 7, 17, 57),
      heading: 216,
      satellites: 10,
    });
    // 7979, length 0x15, 0x97, text length 11, server flag 0, "NA&&NA&&0##", the request's serial, CRC, 0D0A.
    const content = [0x00, 0x15, 0x97, 11, 0, 0, 0, 0, ...Buffer.from('NA&&NA&&0##'), 0x00, 0x2a];
    const crc = x25(Uint8Array.from(content));
    expect(d.reply!.toString('hex')).toBe(
      Buffer.from([0x79, 0x79, ...content, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex'),
    );
    const chinese = Buffer.from(hex(frame).subarray(4, -6));
    const reply = decode(packet(0x1a, 0x2a, chinese).toString('hex')).reply!;
    expect(reply.subarray(0, 4).toString('hex')).toBe('78781517');
    expect(reply.subarray(4, 20)).toEqual(Buffer.from(content.slice(3, 19)));
  });

  it('answers a time request (0x8A) with the UTC date and time', () => {
    const d = decode('7878058A000688290D0A');
    const body = [0x0b, 0x8a, 26, 11, 26, 18, 0, 0, 0x00, 0x06];
    const crc = x25(Uint8Array.from(body));
    expect(d.reply!.toString('hex')).toBe(
      Buffer.from([0x78, 0x78, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex'),
    );
    expect(d.uplinks).toEqual([]);
  });

  it('reads the ICCID a device reports on its own (0x15, server flag 0)', () => {
    const d = decode('7878281520000000003c49434349443a38393838323339303030303039373330323635303e00020d446f260d0a');
    expect(d.uplinks).toEqual([{ kind: 'status', iccid: '89882390000097302650' }]);
    expect(d.reply).toBeUndefined();
  });

  it('turns the answer to a command into an ack, once', () => {
    const session = newSession();
    gt06.encode({ id: 501, cmd: 'locate', params: {} }, session, NOW);
    const text = Buffer.from('Lat:N23.111682,Lon:E114.409238');
    const content = Buffer.concat([Buffer.from([4 + text.length, 0, 0, 0, 1]), text, Buffer.from([0, 2])]);
    const frame = packet(0x15, 3, content).toString('hex');
    expect(decode(frame, session).uplinks).toEqual([
      { kind: 'ack', ref: 501, ok: true, msg: 'Lat:N23.111682,Lon:E114.409238' },
    ]);
    expect(decode(frame, session).uplinks).toEqual([]);
  });

  it('forgets the oldest unanswered commands past 64, so a silent device cannot grow its session', () => {
    const session = newSession();
    for (let id = 1; id <= 70; id++) gt06.encode({ id, cmd: 'locate', params: {} }, session, NOW);
    const answer = (flag: number) =>
      decode(
        packet(0x15, 1, Buffer.concat([Buffer.from([6, 0, 0, 0, flag]), Buffer.from('OK')])).toString('hex'),
        session,
      ).uplinks;
    expect(answer(1)).toEqual([]);
    expect(answer(70)).toEqual([{ kind: 'ack', ref: 70, ok: true, msg: 'OK' }]);
  });

  it('reads a long command answer (0x21) in UTF-16', () => {
    const unasked = decode('797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a');
    expect(unasked.uplinks).toEqual([]);
    expect(unasked.summary).toContain('Command error!');
    const session = newSession();
    gt06.encode({ id: 9, cmd: 'restart', params: {} }, session, NOW);
    const text = Buffer.from('\0O\0K', 'latin1');
    const frame = packet(0x21, 4, Buffer.concat([Buffer.from([0, 0, 0, 1, 2]), text]), true).toString('hex');
    expect(decode(frame, session).uplinks).toEqual([{ kind: 'ack', ref: 9, ok: true, msg: 'OK' }]);
    // A long answer is cut to 200 characters, never inside a surrogate pair.
    gt06.encode({ id: 10, cmd: 'restart', params: {} }, session, NOW);
    const emoji = Buffer.from('x' + '😀'.repeat(150), 'utf16le').swap16();
    const long = decode(
      packet(0x21, 5, Buffer.concat([Buffer.from([0, 0, 0, 2, 2]), emoji]), true).toString('hex'),
      session,
    );
    expect((long.uplinks[0] as { msg: string }).msg).toBe('x' + '😀'.repeat(99));
  });

  it('echoes short packets it does not read, but not long ones', () => {
    expect(decode(packet(0x57, 12).toString('hex'))).toMatchObject({ uplinks: [], reply: hex(shortReply(0x57, 12)) });
    expect(decode(packet(0x94, 12, Uint8Array.from([0x0a]), true).toString('hex')).reply).toBeUndefined();
  });
});

describe('GT06 bad input', () => {
  it("refuses a bad CRC, including the protocol document's own mistyped example", () => {
    const frame = hex('78780D01086471700328358100093F040D0A');
    frame[5] = 0x18;
    expect(() => gt06.decode(frame, newSession(), NOW)).toThrow(ProtocolError);
    expect(() =>
      gt06.decode(hex('78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000380810D0A'), newSession(), NOW),
    ).toThrow('bad CRC');
  });

  it('refuses frames too short for their type, a wrong length and a non-BCD IMEI', () => {
    expect(() => gt06.decode(packet(0x01, 1, Uint8Array.from([1, 2, 3])), newSession(), NOW)).toThrow(ProtocolError);
    expect(() =>
      gt06.decode(packet(0x12, 1, Uint8Array.from(gpsBlock(1, 1, 0).slice(0, 17))), newSession(), NOW),
    ).toThrow(ProtocolError);
    expect(() =>
      gt06.decode(packet(0x16, 1, Uint8Array.from([...gpsBlock(1, 1, 0), 9, 1, 1, 1, 1])), newSession(), NOW),
    ).toThrow(ProtocolError);
    expect(() => gt06.decode(hex('78780D01086471700328358100093F0D0A'), newSession(), NOW)).toThrow(ProtocolError);
    expect(() => gt06.decode(packet(0x01, 1, hex('0A6471700328358F')), newSession(), NOW)).toThrow('BCD');
  });
});

describe('GT06 commands', () => {
  /** An online command worked out by hand: 7878, length, 0x80, command length, server flag, ASCII, serial, CRC, 0D0A. */
  function command(flag: number, text: string): string {
    const body = [
      1 + 1 + 4 + text.length + 2 + 2,
      0x80,
      4 + text.length,
      0,
      0,
      flag >> 8,
      flag & 0xff,
      ...Buffer.from(text),
      flag >> 8,
      flag & 0xff,
    ];
    const crc = x25(Uint8Array.from(body));
    return Buffer.from([0x78, 0x78, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex');
  }

  it('encodes each command as an 0x80 packet under a new server flag', () => {
    const session = newSession();
    const send = (cmd: string, params: Record<string, unknown> = {}) =>
      gt06.encode({ id: 1, cmd, params }, session, NOW)!.toString('hex');
    expect(send('locate')).toBe(command(1, 'WHERE#'));
    expect(send('restart')).toBe(command(2, 'RESET#'));
    expect(send('setInterval', { seconds: 60 })).toBe(command(3, 'TIMER,60#'));
    expect(send('relay', { on: true })).toBe(command(4, 'RELAY,1#'));
    expect(send('relay', { on: false })).toBe(command(5, 'RELAY,0#'));
    expect(send('custom', { text: 'STATUS#' })).toBe(command(6, 'STATUS#'));
  });

  it('has no other commands, and refuses bad parameters', () => {
    const session = newSession();
    expect(gt06.commands).toEqual(['locate', 'restart', 'setInterval', 'relay', 'custom']);
    expect(gt06.encode({ id: 1, cmd: 'broadcast', params: { text: 'hi' } }, session, NOW)).toBeUndefined();
    expect(() => gt06.encode({ id: 1, cmd: 'setInterval', params: { seconds: 5 } }, session, NOW)).toThrow(
      ProtocolError,
    );
    expect(() => gt06.encode({ id: 1, cmd: 'relay', params: {} }, session, NOW)).toThrow(ProtocolError);
    expect(() => gt06.encode({ id: 1, cmd: 'custom', params: { text: '定位#' } }, session, NOW)).toThrow(ProtocolError);
    expect(() => gt06.encode({ id: 1, cmd: 'custom', params: { text: 'x'.repeat(201) } }, session, NOW)).toThrow(
      ProtocolError,
    );
  });
});

describe('GT06 fuzzing', () => {
  const corpus = [
    '78780D01086471700328358100093F040D0A',
    '78780a13c40604000201298f5b0d0a',
    '78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a',
    '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A',
    '7878252612030C063816C3026C10540C38C9700144030901CC002866000EEE0C06040302000DA2DB0D0A',
    '78784A1614051C150204EC02777E560C2A2A2A5314AF000000000000040000000000000000000000000000000000000000000000000000000000000000000000000000007E061B0982004B24C00D0A',
    '78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A',
    '7878412c11030b011c1f013604cb8a00b17754cb8a00bef357cb8a00b73f5fcb8900b0e25fcb8900b6655fcb8a00b74960cb8a00b178620701001801eb40393800bbbde10d0a',
    '78782E2A0F0C1D071139CA027AC8000C4658000014D83132353230313335333231373730373900000000000001002A6ECE0D0A',
    '7878058A000688290D0A',
    '7878281520000000003c49434349443a38393838323339303030303039373330323635303e00020d446f260d0a',
    '797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a',
  ].map(hex);

  it('lets only ProtocolError out of 20,000 random and mutated frames, and every uplink passes the schema', () => {
    const result = fuzz({ codec: gt06, corpus, reseal: RESEAL.gt06, runs: 20_000, seed: 5023 });
    expect(result.escaped.slice(0, 5)).toEqual([]);
    expect(result.invalid.slice(0, 5)).toEqual([]);
    // Most mutated frames get through framing and CRC, so the decoder itself is exercised.
    expect(result.decoded).toBeGreaterThan(5_000);
  });
});
