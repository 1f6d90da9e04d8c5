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
  ].map(hex);

  it('lets only ProtocolError out of 20,000 random and mutated frames, and every uplink passes the schema', () => {
    const result = fuzz({ codec: gt06, corpus, reseal: RESEAL.gt06, runs: 20_000, seed: 5023 });
    expect(result.escaped.slice(0, 5)).toEqual([]);
    expect(result.invalid.slice(0, 5)).toEqual([]);
    // Most mutated frames get through framing and CRC, so the decoder itself is exercised.
    expect(result.decoded).toBeGreaterThan(5_000);
  });
});
