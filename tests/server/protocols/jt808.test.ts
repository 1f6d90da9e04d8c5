import { describe, expect, it } from 'vitest';
import { jt808 } from '../../../src/server/protocols/jt808';
import { newSession, ProtocolError, type Session } from '../../../src/server/protocols/types';
import { fuzz, RESEAL } from './codec-fuzz';
import { BODY_TIME, decode, hex, locationBody, PHONE, wire } from './jt808-helpers';

/**
 * The JT/T 808 codec (docs/protocols.md, jt808); jt808-leniencies.test.ts has the leniencies and
 * identity forms, jt808-vendor-items.test.ts the vendor items and the vendor messages.
 */

describe('JT/T 808 framer', () => {
  const heartbeat = hex('7e0002000004304832546500b7ca7e');
  const location = hex(
    '7E0200002A013833501744001900000000000000C201597FA806CC01580080000000081508180721210104000002F502020000030200009F7E',
  );

  it('joins a frame sent a byte at a time, holding the partial one', () => {
    const framer = jt808.framer();
    const frames: Buffer[] = [];
    for (let i = 0; i < location.length; i++) frames.push(...framer.push(location.subarray(i, i + 1)));
    expect(frames).toEqual([location]);
    expect(framer.pending()).toBe(0);
    framer.push(heartbeat.subarray(0, 5));
    expect(framer.pending()).toBe(5);
  });

  it('splits back-to-back frames in one chunk, skipping garbage and empty flag pairs', () => {
    const framer = jt808.framer();
    const chunk = Buffer.concat([hex('0102037e'), heartbeat, location, hex('99'), heartbeat, location.subarray(0, 7)]);
    expect(framer.push(chunk)).toEqual([heartbeat, location, heartbeat]);
    expect(framer.push(location.subarray(7))).toEqual([location]);
  });

  it('refuses a frame longer than maxFrame', () => {
    expect(() => jt808.framer().push(Buffer.concat([hex('7e'), Buffer.alloc(jt808.maxFrame, 0x30)]))).toThrow(
      ProtocolError,
    );
  });
});

describe('JT/T 808 decoding', () => {
  it('registers (0x0100) under the terminal number as sent, or without its leading zeros, answered once the gateway decides', () => {
    const d = decode(
      '7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E',
    );
    expect(d).toMatchObject({
      imei: '013511221122',
      imeiCandidates: ['013511221122', '13511221122'],
      login: 'register',
      uplinks: [],
    });
    expect(d.irregular).toBeUndefined();
    expect(d.reply).toBeUndefined();
    // 0x8100: the registration's serial, result 0 and the code; or result 4, terminal not in the database.
    expect(d.answer!({ ok: true, authCode: 'ABC' })).toEqual(wire(0x8100, '013511221122', 1, '0005' + '00' + '414243'));
    expect(d.answer!({ ok: false })).toEqual(wire(0x8100, '013511221122', 2, '0005' + '04'));
  });

  it('authenticates (0x0102) with the code the terminal presents, answered with a general response', () => {
    const d = decode('7E0102000E013511221122000661757468656E7469636174696F6E3F7E');
    expect(d).toMatchObject({ imei: '013511221122', login: 'authenticate', authCode: 'authentication', uplinks: [] });
    expect(d.answer!({ ok: true })).toEqual(wire(0x8001, '013511221122', 1, '0006' + '0102' + '00'));
    expect(d.answer!({ ok: false })).toEqual(wire(0x8001, '013511221122', 2, '0006' + '0102' + '01'));
  });

  it('reads the 2019 edition: version flag, 10-byte terminal number, length-led authentication code; replies in the same edition', () => {
    const phone = '00000000013912345678';
    const reg = decode(wire(0x0100, phone, 1, '0000'.repeat(2) + '00'.repeat(11 + 30 + 30) + '01', 1));
    // The 20 digits as sent, the 12 of the earlier editions, and each without leading zeros.
    expect(reg.imei).toBe(phone);
    expect(reg.imeiCandidates).toEqual([phone, '013912345678', '13912345678']);
    expect(reg.answer!({ ok: true, authCode: 'K9' })).toEqual(wire(0x8100, phone, 1, '0001' + '00' + '4b39', 1));
    const code = Buffer.from('K9').toString('hex');
    const auth = decode(
      wire(0x0102, phone, 2, '02' + code + Buffer.from('861234567890123').toString('hex') + '00'.repeat(20), 1),
    );
    expect(auth.authCode).toBe('K9');
  });

  it('answers a heartbeat (0x0002) with a platform general response, bytes as worked out by hand', () => {
    const d = decode('7e0002000004304832546500b7ca7e');
    expect(d).toMatchObject({ imei: '043048325465', uplinks: [] });
    // 0x8001, length 5, the terminal number, serial 1, answering serial 0x00b7 of 0x0002 with result 0; XOR 0x4f.
    expect(d.reply!.toString('hex')).toBe('7e80010005043048325465000100b70002004f7e');
    expect(decode(wire(0x0003, PHONE, 9, '')).reply).toEqual(wire(0x8001, PHONE, 1, '0009000300'));
  });

  it('reads a location (0x0200): fix, altitude, course, Beijing time as UTC, mileage in the summary', () => {
    const d = decode(
      '7E0200002A013833501744001900000000000000C201597FA806CC01580080000000081508180721210104000002F502020000030200009F7E',
    );
    expect(d.uplinks).toEqual([
      {
        kind: 'location',
        source: 'gps',
        lat: 22.6426,
        lon: 114.032984,
        alt: 128,
        speed: 0,
        heading: 8,
        valid: true,
        ts: Date.UTC(2015, 7, 17, 23, 21, 21),
      },
    ]);
    expect(d.summary).toContain('mileage 75.7 km');
    expect(d.reply).toEqual(wire(0x8001, '013833501744', 1, '0019020000'));
  });

  it('reads the signal, satellites and battery items', () => {
    const signal = decode(
      '7e0200002c00160128561400020000000000040001005de1f7065c6cef00000000000017011710044201040000a9002a02000030011b3101030c7e',
    );
    expect(signal.uplinks[0]).toMatchObject({ kind: 'location', satellites: 3, valid: false });
    expect(signal.uplinks[1]).toEqual({ kind: 'status', signal: 4, ts: Date.UTC(2017, 0, 17, 2, 4, 42) });
    const battery = decode(
      '7e02000033202011200010001300020000000400020158b30006c93ee5002000000000201127162937010400000000fe0145ff0c01cc00000000263300000f3e627e',
    );
    expect(battery.uplinks[1]).toEqual({ kind: 'status', battery: 69, ts: Date.UTC(2020, 10, 27, 8, 29, 37) });
  });

  it('negates south and west, and reports no position for a receiver without one', () => {
    const d = decode(wire(0x0200, PHONE, 1, locationBody(0, 0x0e)));
    expect(d.uplinks).toEqual([
      {
        kind: 'location',
        source: 'gps',
        lat: -22.543096,
        lon: -114.057865,
        alt: 30,
        speed: 60.5,
        heading: 270,
        valid: true,
        ts: BODY_TIME,
      },
    ]);
    const empty = Buffer.alloc(28);
    empty.set(hex('261126173000'), 22);
    expect(decode(wire(0x0200, PHONE, 1, empty.toString('hex'))).uplinks).toEqual([]);
  });

  it('raises standing alarm bits when they appear and one-shot ones every time, with mains power from the power-cut bit', () => {
    const session = newSession();
    const at = (alarm: number, serial: number) =>
      decode(wire(0x0200, PHONE, serial, locationBody(alarm, 2)), session).uplinks.filter((u) => u.kind !== 'location');
    const cut = (1 << 8) | (1 << 0);
    expect(at(cut, 1)).toEqual([
      { kind: 'status', mainsPower: 0, ts: BODY_TIME },
      { kind: 'alarm', alarm: 'sos', ts: BODY_TIME },
      { kind: 'alarm', alarm: 'powerLoss', ts: BODY_TIME },
    ]);
    expect(at(cut, 2)).toEqual([{ kind: 'alarm', alarm: 'sos', ts: BODY_TIME }]);
    expect(at((1 << 7) | (1 << 1) | (1 << 29), 3)).toEqual([
      { kind: 'status', mainsPower: 1, ts: BODY_TIME },
      { kind: 'event', name: 'jt808.overspeed', ts: BODY_TIME },
      { kind: 'alarm', alarm: 'lowBattery', ts: BODY_TIME },
      { kind: 'alarm', alarm: 'collision', ts: BODY_TIME },
    ]);
    expect(at((1 << 7) | (1 << 1) | (1 << 29), 4)).toEqual([]);
  });

  it('reads a published low-voltage alarm, with the 0xEB removal alarm and ICCID it carries', () => {
    const d = decode(
      '7E020000480123456789010013000000800000000301597BC506CBFF6600EB00000155210726203531010400000000EB24000C00B28986047701207027150200060089FFFFEFFF0004002D0E10000600C5FFFFFFEF697E',
    );
    const ts = Date.UTC(2021, 6, 26, 12, 35, 31);
    expect(d.uplinks.slice(1)).toEqual([
      { kind: 'status', iccid: '89860477012070271502', ts },
      { kind: 'alarm', alarm: 'lowBattery', ts },
      { kind: 'alarm', alarm: 'wearOff', note: 'removed', ts },
      { kind: 'event', name: 'jt808.ignitionOn', ts },
    ]);
  });

  it('reads a batch of locations (0x0704)', () => {
    const d = decode(
      '7E0704014301356777777707F5000801002600000000000000030159741206CBFD5001720000000116052709062401040000001D03020000002600000000000000030159746606CBFD50016B0000000116052709065301040000001D0302000000260000000000000003015975E406CBFE58013F0000000116052709072701040000001D0302000000260000000000000003015976DE06CBFF10012E0000000116052709075601040000001D0302000000260000000000000003015976BC06CBFED0012D0000000116052709083001040000001D0302000000260000000000000003015976FE06CBFEC001080000000116052709090001040000001D0302000000260000000000000003015976FE06CBFE7800FC0000000116052709093301040000001D0302000000260000000000000003015977A606CBFF3001080000000116052709100201040000001D030200001F7E',
    );
    // Ignition on (status bit 0) in the first, an event once.
    expect(d.uplinks[1]).toEqual({ kind: 'event', name: 'jt808.ignitionOn', ts: Date.UTC(2016, 4, 27, 1, 6, 24) });
    const locations = d.uplinks.filter((u) => u.kind === 'location');
    expect(locations).toHaveLength(8);
    expect(locations[0]).toEqual({
      kind: 'location',
      source: 'gps',
      lat: 22.639634,
      lon: 114.031952,
      alt: 370,
      speed: 0,
      heading: 1,
      valid: true,
      ts: Date.UTC(2016, 4, 27, 1, 6, 24),
    });
    expect((locations[7] as { ts: number }).ts).toBe(Date.UTC(2016, 4, 27, 1, 10, 2));
    expect(d.reply).toEqual(wire(0x8001, '013567777777', 1, '07f5070400'));
  });

  it('unescapes 0x7d 0x01 and 0x7d 0x02', () => {
    const frame = wire(0x0002, '01380013807e', 0x7d7e, '');
    expect(frame.toString('hex')).toContain('7d027d017d02');
    const d = decode(frame);
    // Not BCD (7e): the IMEI its 6 bytes encode, with its Luhn digit, then the id as sent.
    expect(d).toMatchObject({ imei: '13400310744302', imeiCandidates: ['13400310744302', '01380013807e'] });
    expect(d).toMatchObject({ summary: 'heartbeat' });
    expect(d.reply).toEqual(wire(0x8001, '01380013807e', 1, '7d7e000200'));
  });
});

describe('JT/T 808 commands', () => {
  it('encodes each command under the next platform serial', () => {
    const session = newSession();
    decode(wire(0x0002, PHONE, 1, ''), session);
    const send = (cmd: string, params: Record<string, unknown> = {}) =>
      jt808.encode({ id: 40, cmd, params }, session, 0);
    expect(send('locate')).toEqual(wire(0x8201, PHONE, 2, ''));
    // One parameter, id 0x00000029, 4 bytes, 60 seconds.
    expect(send('setInterval', { seconds: 60 })).toEqual(wire(0x8103, PHONE, 3, '01' + '00000029' + '04' + '0000003c'));
    expect(send('restart')).toEqual(wire(0x8105, PHONE, 4, '04'));
    // Flags 0x0c (display, read aloud), then GBK: 注意 is d7a2 d2e2.
    expect(send('broadcast', { text: '注意A' })).toEqual(wire(0x8300, PHONE, 5, '0c' + 'd7a2d2e2' + '41'));
    expect(send('custom', { hex: '8202000a0000003c' })).toEqual(wire(0x8202, PHONE, 6, '000a0000003c'));
    // The console's raw command is text: hex with spaces allowed.
    expect(send('custom', { text: '8202 000a 0000 003c' })).toEqual(wire(0x8202, PHONE, 7, '000a0000003c'));
  });

  it("turns the terminal's general response into an ack, and a location answer (0x0201) into an ack and a location", () => {
    const session = newSession();
    decode(wire(0x0002, PHONE, 1, ''), session);
    jt808.encode({ id: 71, cmd: 'restart', params: {} }, session, 0);
    jt808.encode({ id: 72, cmd: 'locate', params: {} }, session, 0);
    const ok = decode(wire(0x0001, PHONE, 2, '0002' + '8105' + '00'), session);
    expect(ok.uplinks).toEqual([{ kind: 'ack', ref: 71, ok: true, msg: 'ok' }]);
    expect(ok.reply).toBeUndefined();
    expect(decode(wire(0x0001, PHONE, 3, '0002810500'), session).uplinks).toEqual([]);
    const located = decode(wire(0x0201, PHONE, 4, '0003' + locationBody(0, 2)), session);
    expect(located.uplinks).toEqual([
      {
        kind: 'location',
        source: 'gps',
        lat: 22.543096,
        lon: 114.057865,
        alt: 30,
        speed: 60.5,
        heading: 270,
        valid: true,
        ts: BODY_TIME,
      },
      { kind: 'ack', ref: 72, ok: true },
    ]);
    jt808.encode({ id: 73, cmd: 'setInterval', params: { seconds: 30 } }, session, 0);
    expect(decode(wire(0x0001, PHONE, 5, '0004810303'), session).uplinks).toEqual([
      { kind: 'ack', ref: 73, ok: false, msg: 'not supported' },
    ]);
  });

  it('addresses a terminal by the bound identifier before it sent anything', () => {
    const session: Session = { imei: '13800138000', state: {} };
    expect(jt808.encode({ id: 1, cmd: 'locate', params: {} }, session, 0)).toEqual(wire(0x8201, PHONE, 1, ''));
  });

  it('has no other commands, and refuses bad parameters', () => {
    const session = newSession();
    decode(wire(0x0002, PHONE, 1, ''), session);
    expect(jt808.encode({ id: 1, cmd: 'valve', params: { action: 'open' } }, session, 0)).toBeUndefined();
    expect(() => jt808.encode({ id: 1, cmd: 'setInterval', params: { seconds: 1.5 } }, session, 0)).toThrow(
      ProtocolError,
    );
    expect(() => jt808.encode({ id: 1, cmd: 'broadcast', params: { mp3: '' } }, session, 0)).toThrow(ProtocolError);
    expect(() => jt808.encode({ id: 1, cmd: 'custom', params: { hex: '82zz' } }, session, 0)).toThrow(ProtocolError);
    expect(() => jt808.encode({ id: 1, cmd: 'broadcast', params: { text: '长'.repeat(600) } }, session, 0)).toThrow(
      ProtocolError,
    );
    expect(() => jt808.encode({ id: 1, cmd: 'locate', params: {} }, newSession(), 0)).toThrow(ProtocolError);
  });
});

describe('JT/T 808 bad input', () => {
  it('refuses what has no flags or no whole header, and bodies too short for their message', () => {
    const bad = (frame: Buffer) => () => jt808.decode(frame, newSession(), 0);
    expect(bad(hex('7e00027d0300'))).toThrow(ProtocolError);
    expect(bad(wire(0x0002, PHONE, 1, '').subarray(0, 10))).toThrow(ProtocolError);
    expect(bad(hex('7e0002000001380013807e'))).toThrow('message of');
    expect(bad(wire(0x0200, PHONE, 1, '00'.repeat(27)))).toThrow(ProtocolError);
    expect(bad(wire(0x0001, PHONE, 1, '0001'))).toThrow(ProtocolError);
    expect(bad(wire(0x0704, PHONE, 1, '000200' + '001c' + locationBody(0, 2)))).toThrow(ProtocolError);
  });
});

describe('JT/T 808 fuzzing', () => {
  const corpus = [
    '7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E',
    '7E0102000E013511221122000661757468656E7469636174696F6E3F7E',
    '7e0002000004304832546500b7ca7e',
    '7E0200002A013833501744001900000000000000C201597FA806CC01580080000000081508180721210104000002F502020000030200009F7E',
    '7e0200002c00160128561400020000000000040001005de1f7065c6cef00000000000017011710044201040000a9002a02000030011b3101030c7e',
    '7E020000480123456789010013000000800000000301597BC506CBFF6600EB00000155210726203531010400000000EB24000C00B28986047701207027150200060089FFFFEFFF0004002D0E10000600C5FFFFFFEF697E',
    '7E0704014301356777777707F5000801002600000000000000030159741206CBFD5001720000000116052709062401040000001D03020000002600000000000000030159746606CBFD50016B0000000116052709065301040000001D0302000000260000000000000003015975E406CBFE58013F0000000116052709072701040000001D0302000000260000000000000003015976DE06CBFF10012E0000000116052709075601040000001D0302000000260000000000000003015976BC06CBFED0012D0000000116052709083001040000001D0302000000260000000000000003015976FE06CBFEC001080000000116052709090001040000001D0302000000260000000000000003015976FE06CBFE7800FC0000000116052709093301040000001D0302000000260000000000000003015977A606CBFF3001080000000116052709100201040000001D030200001F7E',
  ].map((h): Buffer => hex(h));
  corpus.push(
    wire(0x0201, PHONE, 4, '0003' + locationBody(-1, 0xffffffff, '3001ff3101fffe01ff')),
    wire(0x0001, PHONE, 2, '0002810500'),
    wire(0x0102, '00000000013912345678', 2, '024b39', 1),
    // Vendor items, the heartbeat body, attributes, time sync, a non-BCD id, the 0xE7 framing.
    wire(
      0x0200,
      PHONE,
      5,
      locationBody(
        0xffffffff,
        0xffffffff,
        '56020900' +
          '68022328' +
          'e101ff' +
          'e3060064019a0000' +
          'e4020056' +
          'e708' +
          '0003000000000000' +
          'e80a20030701060fa0140000' +
          'e8020c01' +
          'eb0d00060089fffffffe000300c603' +
          'f70600000e870246' +
          'fe077c01040000001f',
      ),
    ),
    hex(
      '7e020000530095900689830016000000000000000b00a2394803a925f800000000000025112411514701040000003e300115310113eb29000c00b28988228066613427450900060089ffffefff000600c5ffffffef0004002d0fa5000300a85c757e',
    ),
    wire(0x0002, PHONE, 6, '5a1400'),
    wire(0x0107, PHONE, 7, '0001' + '00'.repeat(32) + '89860012345678901234' + '03414243' + '0141'),
    wire(0x0109, PHONE, 8, ''),
    wire(0x0002, '2c944ab787a7', 9, ''),
    wire(0x0200, '01380013800000', 10, locationBody(0, 2, 'e708' + '0002000000000000'), undefined, 0xe7),
  );

  it('lets only ProtocolError out of 20,000 random and mutated frames, and every uplink passes the schema', () => {
    const result = fuzz({ codec: jt808, corpus, reseal: RESEAL.jt808, runs: 20_000, seed: 5015 });
    expect(result.escaped.slice(0, 5)).toEqual([]);
    expect(result.invalid.slice(0, 5)).toEqual([]);
    expect(result.decoded).toBeGreaterThan(5_000);
  });
});
