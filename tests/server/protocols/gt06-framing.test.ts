import { describe, expect, it } from 'vitest';
import { gt06 } from '../../../src/server/protocols/gt06';
import { crcItu } from '../../../src/shared/protocols/gt06/crc';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { newSession, ProtocolError } from '../../../src/server/protocols/types';
import { fuzz, RESEAL } from './codec-fuzz';
import { gpsBlock, hex, NOW } from './gt06-helpers';

/**
 * The GT06 codec (docs/protocols.md, gt06): its CRC, framing, input it refuses, and fuzzing.
 */

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

  it('cuts a frame whose length disagrees with its content at its 0D0A, and keeps the frames after it', () => {
    // A 0x12 whose length byte says 3 bytes more than it holds, then a heartbeat.
    const long = Buffer.from(hex('78781f120f0a140e150bc505e51e780293a9e800540000f601006e0055da00035f240d0a'));
    long[2] = 0x22;
    // Vendors' Wi-Fi packet 0x17: its length byte counts access points (0 here).
    const wifi = hex(
      '7878001719011910543607028f0100bc2e695a00bcb3635a00bc27c56400bc447b6400bc46c96400bc33ce6400bc64ca640d0a',
    );
    const framer = gt06.framer();
    expect(framer.push(Buffer.concat([long, heartbeat, wifi, login]))).toEqual([long, heartbeat, wifi, login]);
    expect(framer.pending()).toBe(0);
  });

  it('holds a frame still arriving whose content holds 0D0A, and cuts a too-long one alone only where its CRC says it ends', () => {
    const content = Uint8Array.from([...gpsBlock(1, 1, 0x1400), 0x01, 0xcc, 0x00, 0x0d, 0x0a, 0x00, 0x1f, 0x71]);
    const split = packet(0x12, 3, content);
    const framer = gt06.framer();
    expect(framer.push(split.subarray(0, 30))).toEqual([]);
    expect(framer.pending()).toBe(30);
    expect(framer.push(split.subarray(30))).toEqual([split]);
    // Sent alone with a length 0x40 past its end: its own CRC before the 0D0A says it is whole.
    const alone = Buffer.from(packet(0x13, 4, Uint8Array.from([0x40, 4, 4, 0, 2])));
    alone[2] = 0x40;
    alone.writeUInt16BE(crcItu(alone, 2, alone.length - 4), alone.length - 4);
    expect(gt06.framer().push(alone)).toEqual([alone]);
  });

  it('refuses a frame longer than maxFrame, and a stream that never holds a frame', () => {
    expect(() => gt06.framer().push(hex('7979ffff01'))).toThrow(ProtocolError);
    expect(() => gt06.framer().push(Buffer.alloc(gt06.maxFrame + 1, 0x41))).toThrow(ProtocolError);
  });
});

describe('GT06 bad input', () => {
  it("accepts a bad CRC, marked, including the protocol document's own mistyped example", () => {
    const frame = hex('78780D01086471700328358100093F040D0A');
    frame[5] = 0x18;
    const login = gt06.decode(frame, newSession(), NOW);
    expect(login).toMatchObject({ login: 'login', irregular: ['checksumMismatch'] });
    const typo = gt06.decode(
      hex('78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000380810D0A'),
      newSession(),
      NOW,
    );
    expect(typo.irregular).toEqual(['checksumMismatch']);
    expect(typo.uplinks[0]).toMatchObject({ kind: 'location', source: 'gps', ts: Date.UTC(2011, 7, 29, 17, 46, 16) });
    // A frame that keeps to its protocol names no irregularity.
    expect(gt06.decode(hex('78780D01086471700328358100093F040D0A'), newSession(), NOW).irregular).toBeUndefined();
  });

  it('accepts a length that disagrees, marked, taking the variant (short or long length) whose length agrees', () => {
    const base = packet(
      0x12,
      3,
      Uint8Array.from([...gpsBlock(23.1, 114.4, 0x1400), 1, 0xcc, 0, 0x28, 0x7d, 0, 0x1f, 0x71]),
    );
    const wrong = Buffer.from(base);
    wrong[2] = 0x30;
    const d = gt06.decode(wrong, newSession(), NOW);
    expect(d.irregular).toEqual(['lengthMismatch', 'checksumMismatch']);
    expect(d.uplinks[0]).toMatchObject({ kind: 'location', cells: [{ mcc: 460, mnc: 0, lac: 10365, cid: 8049 }] });
    // 0x7878 with a two-byte length: the long variant's length agrees, so the protocol number follows it.
    const content = base.subarray(3, base.length - 2);
    const shortStartLongLength = Buffer.concat([hex('7878'), Buffer.from([0, content.length]), content, hex('0d0a')]);
    shortStartLongLength.writeUInt16BE(
      crcItu(shortStartLongLength, 2, shortStartLongLength.length - 4),
      shortStartLongLength.length - 4,
    );
    const v = gt06.decode(shortStartLongLength, newSession(), NOW);
    expect(v.irregular).toEqual(['lengthMismatch']);
    expect(v.uplinks).toEqual(gt06.decode(base, newSession(), NOW).uplinks);
    expect(v.reply).toEqual(packet(0x12, 3));
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
    // The 4G, vendor Wi-Fi, modular, information and alarm types (docs/protocols.md, gt06).
    '78786CA1110B0413093801CC01000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201FF0002000541D70D0A',
    '78787aa2110c0e06372c813601040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c01040000591200000000009d7c0104ff02001801eb4039d10000000000000004fabeb50d0a',
    '78782EA4110C0C02281BF6026C18720C38D22800149C1181CC00010000260E000000000615F8012C05041102FF001058FD0D0A',
    '787819a501cc0000009191000000000906170304050400010005f44d0d0a',
    '78782ba701cc000000919100000000090617032b3836313832323038343735363200000000000000000100049fb60d0a',
    '78781219028f0a29e10036f12003040102000875dc0d0a',
    '787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A',
    '78780B23C00122040001000818720D0A',
    '797900a87000000001020035000101003300125d7e3a180600d504b598f708814b3a001d1500340006125d7e39dc000011000a012e02620000000000000001000803537601000129800002000803102608593397620003000a89012608522933976266001800020172002b000114002c00045d7df3c70009000106000a000109002800010d002e00040000f25d002a000111002900040000017e0030000a000100b4000a00b402d0000591250d0a',
    '79790020940A035985708053908307060104900402788950301217070401538F0003E8210D0A',
    '7979003F940D110315102A202141494F494C2C30322C3030382E3239302C3032392E3630302C3531394A2C303430302C3030382E3433302C302C30302C4142001678EA0D0A',
    '78785195140a020c2914055D4A800209D9C014009300004556454e545f3335333337363131303032333139365f30303030303030305f323032305f31305f30325f31345f34315f32305f30352e6d70340004e3a60d0a',
    '78780c95130a0209321c90000112800d0a',
    '7878151330802b00000642014f0008720000802b5ee4d4c90d0a',
    packet(0x36, 1, hex('4404030002006a01570018020172')).toString('hex'),
    packet(
      0xa0,
      2,
      Uint8Array.from([...gpsBlock(1, 1, 0x1400), ...hex('81cc00010000260e000000000615f801010300')]),
    ).toString('hex'),
    '78781101075253367890024270003201000512790D0A',
  ].map(hex);

  it('lets only ProtocolError out of 20,000 random and mutated frames, and every uplink passes the schema', () => {
    const result = fuzz({ codec: gt06, corpus, reseal: RESEAL.gt06, runs: 20_000, seed: 5023 });
    expect(result.escaped.slice(0, 5)).toEqual([]);
    expect(result.invalid.slice(0, 5)).toEqual([]);
    // Most mutated frames get through framing and CRC, so the decoder itself is exercised.
    expect(result.decoded).toBeGreaterThan(5_000);
  });
});
