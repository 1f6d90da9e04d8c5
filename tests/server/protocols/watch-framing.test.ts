import { describe, expect, it } from 'vitest';
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { createRng } from '../../../src/shared/prng';
import { watch } from '../../../src/server/protocols/watch';
import { newSession, ProtocolError } from '../../../src/server/protocols/types';
import { ascii, decode, hex, JXTK, NOW, of } from './watch-helpers';

/**
 * The "3G" watch protocol (docs/protocols.md): framing, input it refuses, and fuzzing.
 */

describe('watch framer', () => {
  it('joins a frame sent a byte at a time, holding the partial bytes', () => {
    const framer = watch.framer();
    const frame = ascii('[3G*9705141740*0009*LK,0,0,53]');
    for (let i = 0; i < frame.length - 1; i++) expect(framer.push(frame.subarray(i, i + 1))).toEqual([]);
    expect(framer.pending()).toBe(frame.length - 1);
    expect(framer.push(frame.subarray(frame.length - 1))).toEqual([frame]);
    expect(framer.pending()).toBe(0);
  });

  it('splits several frames of one chunk', () => {
    const chunk = hex(
      '5b33472a393730353134313734302a303030392a4c4b2c302c302c35335d5b33472a393730353134313734302a303035412a55442c3139303732332c3139303730372c412c33362e3831353130392c4e2c31302e313739323331322c452c382e32342c3132372e392c32312e302c352c3130302c35332c302c302c30303030303030302c302c302c35382e305d5b33472a393730353134313734302a303030332a544b515d5b33472a393730353134313734302a303030392a4c4b2c302c302c35335d',
    );
    expect(
      watch
        .framer()
        .push(chunk)
        .map((f) => f.toString('latin1')),
    ).toEqual([
      '[3G*9705141740*0009*LK,0,0,53]',
      '[3G*9705141740*005A*UD,190723,190707,A,36.815109,N,10.1792312,E,8.24,127.9,21.0,5,100,53,0,0,00000000,0,0,58.0]',
      '[3G*9705141740*0003*TKQ]',
      '[3G*9705141740*0009*LK,0,0,53]',
    ]);
  });

  it('skips garbage before a frame, a stray bracket included', () => {
    const framer = watch.framer();
    expect(framer.push(ascii('\x00\xffGET / HTTP/1.1\r\n[[x*y]garbage'))).toEqual([]);
    expect(framer.pending()).toBe(0);
    expect(framer.push(ascii('noise[SG*8800000015*0002*LK]'))).toEqual([ascii('[SG*8800000015*0002*LK]')]);
  });

  it('reads the sequence field some makers put before the length', () => {
    const frame = ascii('[ZJ*014111001350304*0034*0009*LK,0,0,19]');
    expect(watch.framer().push(Buffer.concat([frame, frame]))).toEqual([frame, frame]);
  });

  it('frames by balanced brackets where the length lies: a Wi-Fi name may hold brackets', () => {
    // This watch declares 013D (317) for 308 content bytes.
    const frame = hex(
      '5b33472a3838303930303234322a303133442a55442c3132303632332c3134303032302c412c34382e3934393237332c4e2c20342e333738333036302c452c31382e35362c34332e382c302e302c31322c3130302c37362c3232363132302c302c30303030303030302c322c3235352c3230342c382c333131302c35353032352c3134362c333133302c34393239372c3132342c352c42616e67696e67576966692c33343a61313a65643a65313a39313a34662c2d37312c42415220576946692c33363a61323a65313a65643a61313a64652c2d37322c4e6574776f726b576966692c32363a64653a61313a65643a65313a61302c2d37332c46696265722c33363a61313a65643a65313a39313a34662c2d37352c5b4c475f57616c6c2d4d6f756e7420412f435d653732352c36363a61313a65643a65313a65373a32352c2d38322c31352e305d',
    );
    const inner = frame.indexOf(ascii('A/C]')) + 4;
    const framer = watch.framer();
    expect(framer.push(frame.subarray(0, inner))).toEqual([]);
    expect(framer.push(frame.subarray(inner))).toEqual([frame]);
    expect(of(decode(frame), 'location')[0]?.wifi).toHaveLength(5);
  });

  it('keeps a raw ] inside binary content whose length is right', () => {
    // Built here: a watch that does not escape its voice data.
    const frame = Buffer.concat([ascii('[CS*1234567890*0007*TK,'), hex('015d5b5d'), ascii(']')]);
    const framer = watch.framer();
    expect(framer.push(frame.subarray(0, frame.length - 3))).toEqual([]);
    expect(framer.push(Buffer.concat([frame.subarray(frame.length - 3), ascii('[CS*1234567890*0002*LK]')]))).toEqual([
      frame,
      ascii('[CS*1234567890*0002*LK]'),
    ]);
  });

  it('passes escaped binary whole: three chunks of a voice message', () => {
    const frames = watch.framer().push(JXTK);
    expect(frames.map((f) => f.length)).toEqual([1081 + 31, 1091 + 31, 1072 + 31]);
    expect(Buffer.concat(frames)).toEqual(JXTK);
  });

  it('ends a frame whose length counts the unescaped bytes at its bracket', () => {
    // 000e counts "TK,#!AMR" and the six bytes before escaping; 19 bytes travel.
    const frame = Buffer.concat([ascii('[CS*1234567890*000e*TK,#!AMR'), hex('7d017d027d037d047d05ff'), ascii(']')]);
    expect(watch.framer().push(frame)).toEqual([frame]);
  });

  it('refuses a frame that never ends within the largest size', () => {
    const framer = watch.framer();
    framer.push(ascii('[3G*1234567890*FFFF*TK,'));
    expect(() => framer.push(Buffer.alloc(watch.maxFrame, 0x41))).toThrow(ProtocolError);
    expect(framer.pending()).toBe(0);
  });
});

describe('watch bad input', () => {
  const bad = [
    'LK,0,0,53]',
    '[3G*8800000015*0002*LK',
    '[3G*8800000015*0004*L K!]',
    '[3G*8800000015*0010*UD,220414,134652]',
    '[3G*8800000015*0040*UD,220414,134652,A,north,N,113.86,E,0.1,0.0,100,7,60,90,1000,50,0000,0,0]',
    '[3G*8800000015*0040*UD,2204xx,134652,A,22.5,N,113.86,E,0.1,0.0,100,7,60,90,1000,50,0000,0,0]',
    '[3G*8800000015*0040*UD,220414,134652,X,22.5,N,113.86,E,0.1,0.0,100,7,60,90,1000,50,0000,0,0]',
    '[3G*8800000015*0040*UD,220414,134652,A,22.5,N,113.86,E,0.1,0.0,100,7,60,90,1000,50,zz,0,0]',
    '[3G*8800000015*0008*heart,high]',
    '[3G*8800000015*0008*JXTK,0,v]',
    '[3G*8800000015*0008*JXTK,0,v1,3,2,x]',
    '[3G*8800000015*0008*img,1,2601]',
  ];
  it.each(bad)('%s is a ProtocolError', (frame) => {
    expect(() => watch.decode(ascii(frame), newSession(), NOW)).toThrow(ProtocolError);
  });

  it('a bad escape in binary content', () => {
    expect(() =>
      watch.decode(Buffer.concat([ascii('[3G*1234567890*0005*TK,'), hex('7d09'), ascii(']')]), newSession(), NOW),
    ).toThrow(ProtocolError);
  });

  it('a JXTK chunk out of order drops the message', () => {
    const session = newSession();
    decode('[3G*1234567890*0015*JXTK,0,v1,1,3,#!AMR\n]', session);
    expect(() => watch.decode(ascii('[3G*1234567890*0010*JXTK,0,v1,3,3,x]'), session, NOW)).toThrow(ProtocolError);
    expect(session.state.voice).toBeUndefined();
  });
});

describe('watch fuzz', () => {
  const SEEDS = [
    '[SG*8800000015*0002*LK]',
    '[3G*4700186508*000B*LK,0,10,100]',
    '[ZJ*014111001350304*0034*0009*LK,0,0,19]',
    '[SG*8800000015*0087*UD,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,0000,4,1,460,0,9360,4082,131,9360,4092,148,9360,4091,143,9360,4153,141]',
    '[3G*2104326058*00E9*UD_LTE,300621,135101,A,32.162652,N,34.888748,E,30.84,265.158,65.621,18,100,83,0,0,00000000,1,1,425,01,10223,8012811,100,3,ES4104,22:74:1d:39:64:ff,-46,metropoline-wifi,a8:3f:a1:e0:66:ba,-89,Egged.co.il,00:0c:42:51:cf:cd,-81,1.7055488]',
    '[3G*8809008845*00C0*AL,271219,094744,V,00.000000,N, 0.0000000,E,0.00,0.0,0.0,0,100,81,0,0,00010000,7,0,460,0,9336,3981,141,9336,3912,141,9336,3982,140,9765,4233,134,9765,4071,134,9765,4321,134,9336,4353,132,0,0.0]',
    '[SG*9059011020*0067*AL,240123,181628,V,54.427538,N,6.409275,W,0.00,0,0,0,19,90,0,0,00000000,1,1,234,10,55C0,3B882A2,132,,10]',
    '[3G*4700609403*0013*bphrt,120,79,73,,,,]',
    '[3G*2104326058*000E*btemp2,1,35.29]',
    '[3G*8800000015*0003*TKQ]',
    '[3G*1234567890*0015*JXTK,0,v1,1,2,#!AMR\n]',
    '[3G*1234567890*0019*img,1,260101120000,\xff\xd8}\x05\xff\xd9]',
    '[CS*1234567890*000e*TK,#!AMR}\x01}\x02}\x03}\x04}\x05\xff]',
  ].map(ascii);

  it('20,000 random and mutated frames raise nothing but ProtocolError and decode only valid uplinks', () => {
    const rng = createRng(5093);
    const pick = <T>(xs: readonly T[]) => xs[rng.int(0, xs.length - 1)]!;
    const mutate = (b: Buffer): Buffer => {
      const out = Buffer.from(b);
      const n = rng.int(1, 4);
      for (let i = 0; i < n; i++) {
        const at = rng.int(0, Math.max(0, out.length - 1));
        out[at] = rng.chance(0.5) ? rng.int(0, 255) : pick([0x5b, 0x5d, 0x2a, 0x2c, 0x7d, 0x30, 0x2d]);
      }
      if (rng.chance(0.2)) return out.subarray(0, rng.int(0, out.length));
      if (rng.chance(0.2)) return Buffer.concat([out, pick(SEEDS)]);
      return out;
    };
    const random = () =>
      Buffer.from(
        Array.from({ length: rng.int(0, 200) }, () =>
          rng.chance(0.3) ? pick([0x5b, 0x5d, 0x2a, 0x2c]) : rng.int(0, 255),
        ),
      );
    let frames = 0;
    let decoded = 0;
    for (let i = 0; i < 20_000; i++) {
      const input = rng.chance(0.2) ? random() : mutate(pick(SEEDS));
      const framer = watch.framer();
      const session = newSession();
      try {
        for (let at = 0; at < input.length;) {
          const len = rng.int(1, input.length);
          for (const frame of framer.push(input.subarray(at, at + len))) {
            frames++;
            try {
              const d = watch.decode(frame, session, NOW);
              decoded++;
              for (const u of d.uplinks)
                expect(uplinkSchema.safeParse(u).success, `${frame.toString('latin1')}: ${JSON.stringify(u)}`).toBe(
                  true,
                );
            } catch (e) {
              if (!(e instanceof ProtocolError)) throw e;
            }
          }
          at += len;
        }
      } catch (e) {
        if (!(e instanceof ProtocolError)) throw new Error(`input ${input.toString('hex')}`, { cause: e });
      }
    }
    // Many mutations still frame and decode: the decoder, not only the framer, was exercised.
    expect(frames).toBeGreaterThan(5_000);
    expect(decoded).toBeGreaterThan(3_000);
  });
});
