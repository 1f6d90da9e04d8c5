import { describe, expect, it } from 'vitest';
import { watch } from '../../../src/server/protocols/watch';
import { newSession } from '../../../src/server/protocols/types';
import { ascii, decode, hex, JXTK, of } from './watch-helpers';

/**
 * The "3G" watch protocol (docs/protocols.md): handshakes, health readings, voice messages and photos.
 */

describe('watch handshakes, health and media', () => {
  it('TKQ and TKQ2 are echoed; INIT answered INIT,1', () => {
    expect(decode('[3G*8800000015*0003*TKQ]').reply).toEqual(ascii('[3G*8800000015*0003*TKQ]'));
    expect(decode('[3G*8800000015*0004*TKQ2]').reply).toEqual(ascii('[3G*8800000015*0004*TKQ2]'));
    // Built here.
    expect(decode('[SG*8800000015*0004*INIT]').reply).toEqual(ascii('[SG*8800000015*0006*INIT,1]'));
  });

  it('health readings become telemetry', () => {
    const values = (f: string) => of(decode(f), 'telemetry').map((t) => t.values);
    expect(values('[3G*4700609403*0013*bphrt,120,79,73,,,,]')).toEqual([
      { systolic: 120, diastolic: 79, heartRate: 73 },
    ]);
    expect(values('[ZJ*357653059860416*0007*000c*BLOOD,109,68]')).toEqual([{ systolic: 109, diastolic: 68 }]);
    expect(values('[3G*6005412902*0008*heart,71]')).toEqual([{ heartRate: 71 }]);
    expect(values('[CS*8800000015*0008*PULSE,72]')).toEqual([{ heartRate: 72 }]);
    expect(values('[3G*2104326058*000E*btemp2,1,35.29]')).toEqual([{ bodyTemp: 35.29 }]);
    expect(values('[ZJ*5678901234*0001*0009*TEMP,36.5]')).toEqual([{ bodyTemp: 36.5 }]);
    // Built here, after Traccar's reading of them.
    expect(values('[3G*1234567890*000B*oxygen,1,98]')).toEqual([{ bloodOxygen: 98 }]);
    expect(values('[3G*1234567890*000B*hrtstart,75]')).toEqual([{ heartRate: 75 }]);
    expect(values('[3G*2104326058*000E*btemp2,0,35.29]')).toEqual([]);
  });

  it('a heart rate of 0 is no reading', () => {
    expect(decode('[3G*6005412902*0007*heart,0]').uplinks).toEqual([]);
  });

  it('TK: an AMR voice message, unescaped, answered TK,1', () => {
    const d = decode(Buffer.concat([ascii('[CS*1234567890*000e*TK,#!AMR'), hex('7d017d027d037d047d05ff'), ascii(']')]));
    expect(d.media).toEqual([
      { kind: 'audio', mime: 'audio/amr', data: Buffer.concat([ascii('#!AMR'), hex('7d5b5d2c2aff')]) },
    ]);
    expect(d.reply).toEqual(ascii('[CS*1234567890*0004*TK,1]'));
  });

  it('TK2: the same voice message from newer watches, answered TK2,1', () => {
    // Built here: the TK frame above under TK2.
    const d = decode(
      Buffer.concat([ascii('[CS*1234567890*000f*TK2,#!AMR'), hex('7d017d027d037d047d05ff'), ascii(']')]),
    );
    expect(d.media).toEqual([
      { kind: 'audio', mime: 'audio/amr', data: Buffer.concat([ascii('#!AMR'), hex('7d5b5d2c2aff')]) },
    ]);
    expect(d.reply).toEqual(ascii('[CS*1234567890*0005*TK2,1]'));
    expect(decode('[CS*1234567890*0005*TK2,1]').reply).toBeUndefined();
  });

  it('TK,1 alone is the watch taking our voice message', () => {
    const d = decode('[CS*1234567890*0004*TK,1]');
    expect(d.media).toBeUndefined();
    expect(d.reply).toBeUndefined();
  });

  it('img: a photo', () => {
    // Built here: img,<n>,<yyMMddHHmmss>,<JPEG> with an escaped '*'.
    const d = decode(
      Buffer.concat([ascii('[3G*1234567890*0019*img,1,260101120000,'), hex('ffd87d05ffd9'), ascii(']')]),
    );
    expect(d.media).toEqual([{ kind: 'image', mime: 'image/jpeg', data: hex('ffd82affd9') }]);
  });

  it('JXTK: each chunk answered JXTKR,1 with its sequence field; unescaped AMR', () => {
    const session = newSession();
    const frames = watch.framer().push(JXTK);
    const decoded = frames.map((f) => decode(f, session));
    expect(decoded.map((d) => d.reply?.toString('latin1'))).toEqual([
      '[ZJ*789468050042692*0034*0007*JXTKR,1]',
      '[ZJ*789468050042692*0035*0007*JXTKR,1]',
      '[ZJ*789468050042692*0036*0007*JXTKR,1]',
    ]);
    expect(decoded.every((d) => d.media === undefined)).toBe(true);
    expect(decoded[0]?.summary).toBe('JXTK watch_7_20220526093954 1/6 1024 bytes');
  });

  it('JXTK: the last chunk yields the whole message', () => {
    // Built here: two chunks; the second holds an escaped ','.
    const session = newSession();
    expect(decode('[3G*1234567890*0015*JXTK,0,v1,1,2,#!AMR\n]', session).media).toBeUndefined();
    const last = decode(
      Buffer.concat([ascii('[3G*1234567890*0013*JXTK,0,v1,2,2,'), hex('017d0402'), ascii(']')]),
      session,
    );
    expect(last.media).toEqual([
      { kind: 'audio', mime: 'audio/amr', data: Buffer.concat([ascii('#!AMR\n'), hex('012c02')]) },
    ]);
    expect(session.state.voice).toBeUndefined();
  });

  it('other messages pass undecoded', () => {
    const d = decode('[3G*8308406279*0008*rcapture]');
    expect(d).toMatchObject({ imei: '8308406279', uplinks: [] });
    expect(d.reply).toBeUndefined();
  });
});
