import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uplinkSchema, type Uplink } from '../../../src/shared/devices/protocol';
import { createRng } from '../../../src/shared/prng';
import { watch } from '../../../src/server/protocols/watch';
import {
  newSession,
  ProtocolError,
  type Decoded,
  type OutCommand,
  type Session,
} from '../../../src/server/protocols/types';

/**
 * The "3G" watch protocol (docs/protocols.md). Frames are those of Traccar's
 * WatchProtocolDecoderTest / WatchFrameDecoderTest (watches in the field) unless a test says it
 * built its own.
 */

const NOW = Date.UTC(2026, 0, 1);
const ascii = (s: string) => Buffer.from(s, 'latin1');
const hex = (h: string) => Buffer.from(h, 'hex');

function decode(frame: string | Buffer, session: Session = newSession()): Decoded {
  const d = watch.decode(typeof frame === 'string' ? ascii(frame) : frame, session, NOW);
  // Every uplink must pass the gateway's own schema.
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).error).toBeUndefined();
  return d;
}

const of = <K extends Uplink['kind']>(d: Decoded, kind: K) =>
  d.uplinks.filter((u): u is Extract<Uplink, { kind: K }> => u.kind === kind);

/** Three chunks of a six-part JXTK voice message, as a ZJ watch sent them (escaped AMR). */
const JXTK = hex(readFileSync(new URL('./fixtures/watch-jxtk.hex', import.meta.url), 'utf8').trim());

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

describe('watch link and position', () => {
  it('LK logs in, keeps the maker code and is answered LK', () => {
    const session = newSession();
    const d = decode('[SG*8800000015*0002*LK]', session);
    expect(d).toMatchObject({ imei: '8800000015', login: 'login', uplinks: [] });
    expect(d.reply).toEqual(ascii('[SG*8800000015*0002*LK]'));
    expect(session.state).toMatchObject({ maker: 'SG' });
  });

  it('LK with steps, tumbles and battery', () => {
    const d = decode('[3G*4700186508*000B*LK,0,10,100]');
    expect(d.uplinks).toEqual([
      { kind: 'status', ts: NOW, battery: 100 },
      { kind: 'telemetry', ts: NOW, values: { steps: 0 } },
    ]);
    expect(d.reply).toEqual(ascii('[3G*4700186508*0002*LK]'));
  });

  it('echoes the sequence field', () => {
    expect(decode('[ZJ*014111001350304*0034*0009*LK,0,0,19]').reply).toEqual(
      ascii('[ZJ*014111001350304*0034*0002*LK]'),
    );
  });

  it('UD: the fix, cells, battery, signal and steps; unanswered', () => {
    const d = decode(
      '[SG*8800000015*0087*UD,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,0000,4,1,460,0,9360,4082,131,9360,4092,148,9360,4091,143,9360,4153,141]',
    );
    const ts = Date.UTC(2014, 3, 22, 13, 46, 52);
    expect(of(d, 'location')).toEqual([
      {
        kind: 'location',
        ts,
        source: 'gps',
        lat: 22.571707,
        lon: 113.8613968,
        valid: true,
        speed: 0.1,
        heading: 0,
        alt: 100,
        satellites: 7,
        cells: [
          { mcc: 460, mnc: 0, lac: 9360, cid: 4082 },
          { mcc: 460, mnc: 0, lac: 9360, cid: 4092 },
          { mcc: 460, mnc: 0, lac: 9360, cid: 4091 },
          { mcc: 460, mnc: 0, lac: 9360, cid: 4153 },
        ],
      },
    ]);
    expect(of(d, 'status')).toEqual([{ kind: 'status', ts, battery: 90, signal: 3 }]);
    expect(of(d, 'telemetry')).toEqual([{ kind: 'telemetry', ts, values: { steps: 1000 } }]);
    expect(d.reply).toBeUndefined();
    expect(d.login).toBeUndefined();
  });

  it('UD2 with signed coordinates and no fix', () => {
    const [loc] = of(
      decode(
        '[3G*6105117105*008D*UD2,210716,231601,V,-33.480366,N,-70.7630692,E,0.00,0.0,0.0,0,100,34,0,0,00000000,3,255,730,2,29731,54315,167,29731,54316,162,29731,54317,145]',
      ),
      'location',
    );
    expect(loc).toMatchObject({
      ts: Date.UTC(2016, 6, 21, 23, 16, 1),
      lat: -33.480366,
      lon: -70.7630692,
      valid: false,
    });
    expect(loc?.cells?.[0]).toEqual({ mcc: 730, mnc: 2, lac: 29731, cid: 54315 });
  });

  it('UD with S and an empty hemisphere for the longitude', () => {
    const [loc] = of(
      decode(
        '[SG*9081000548*00A9*UD,110116,113639,V,16.479064,S,68.119072,,0.7593,000,99,00,80,80,0,50,00000000,5,1,736,2,10103,10732,153,10103,11061,152,10103,11012,152,10103,10151,150,10103,10731,143,,00]',
      ),
      'location',
    );
    expect(loc).toMatchObject({ lat: -16.479064, lon: 68.119072, satellites: 0 });
    expect(loc?.cells).toHaveLength(5);
  });

  it('UD_LTE with Wi-Fi access points', () => {
    const [loc] = of(
      decode(
        '[3G*2104326058*00E9*UD_LTE,300621,135101,A,32.162652,N,34.888748,E,30.84,265.158,65.621,18,100,83,0,0,00000000,1,1,425,01,10223,8012811,100,3,ES4104,22:74:1d:39:64:ff,-46,metropoline-wifi,a8:3f:a1:e0:66:ba,-89,Egged.co.il,00:0c:42:51:cf:cd,-81,1.7055488]',
      ),
      'location',
    );
    expect(loc).toMatchObject({
      speed: 30.84,
      heading: 265.158,
      alt: 65.621,
      satellites: 18,
      cells: [{ mcc: 425, mnc: 1, lac: 10223, cid: 8012811 }],
    });
    expect(loc?.wifi).toEqual([
      { mac: '22:74:1d:39:64:ff', signal: -46 },
      { mac: 'a8:3f:a1:e0:66:ba', signal: -89 },
      { mac: '00:0c:42:51:cf:cd', signal: -81 },
    ]);
  });

  it('UD_WCDMA without a fix locates by Wi-Fi', () => {
    const [loc] = of(
      decode(
        '[3G*0304187088*0100*UD_WCDMA,100720,094202,V,0.0,N,0.0,E,22.0,0,-1,21,75,92,0,0,00000000,1,1,425,01,10192,1282125,75,5,Inet,04:f0:21:46:1f:57,-54,iNetSecurity,00:1e:42:25:2f:3e,-71,Gilad,58:d5:6e:9d:1b:af,-80,weekend,14:ae:db:cb:99:25,-82,advancemed1,04:f0:21:4c:c8:3e,-89,0.0]',
      ),
      'location',
    );
    expect(loc).toMatchObject({ source: 'wifi', satellites: 21 });
    expect(loc?.lat).toBeUndefined();
    expect(loc?.wifi).toHaveLength(5);
  });

  it('reads hex cell ids and skips the layout Traccar does not know', () => {
    const d = decode(
      '[SG*9059011020*0067*AL,240123,181628,V,54.427538,N,6.409275,W,0.00,0,0,0,19,90,0,0,00000000,1,1,234,10,55C0,3B882A2,132,,10]',
    );
    expect(of(d, 'location')[0]?.cells).toEqual([{ mcc: 234, mnc: 10, lac: 0x55c0, cid: 0x3b882a2 }]);
    const odd = decode(
      '[SG*9059011020*006b*UD2,240123,162011,A,54.427621,N,6.409190,W,0.00,0,0,8,19,88,0,0,00000000,1,1,FFFF,FFFF,FFFE,3B882A2,132,,00]',
    );
    expect(of(odd, 'location')[0]).toMatchObject({ lat: 54.427621, lon: -6.40919 });
    expect(of(odd, 'location')[0]?.cells).toBeUndefined();
  });

  it('WT is a position too', () => {
    expect(
      of(
        decode(
          '[3G*6005412902*011F*WT,170517,133811,V,18.512200,N,73.7750283,E,0.00,0.0,0.0,0,92,82,4262,0,00000010,2,1,404,22,10125,8301,141,10125,13921,122,5,Skynet,28:c6:8e:be:87:c0,-60,Intel Wi-Fi,4c:60:de:32:3d:38,-70,Nirvanic-2,40:e3:d6:4a:d9:c2,-73,A4-Guest,40:e3:d6:4a:d9:c4,-73,A4Idatix,40:e3:d6:4a:d9:c3,-73,13.8]',
        ),
        'location',
      )[0],
    ).toMatchObject({ lat: 18.5122, lon: 73.7750283 });
  });
});

describe('watch alarms', () => {
  const alarms = (d: Decoded) =>
    d.uplinks
      .filter((u) => u.kind === 'alarm' || u.kind === 'event')
      .map((u) => ('alarm' in u ? u.alarm : 'name' in u ? u.name : ''));

  it('AL with the SOS bit, located by cells, answered AL', () => {
    const d = decode(
      '[3G*8809008845*00C0*AL,271219,094744,V,00.000000,N, 0.0000000,E,0.00,0.0,0.0,0,100,81,0,0,00010000,7,0,460,0,9336,3981,141,9336,3912,141,9336,3982,140,9765,4233,134,9765,4071,134,9765,4321,134,9336,4353,132,0,0.0]',
    );
    expect(alarms(d)).toEqual(['sos']);
    expect(of(d, 'alarm')[0]).toEqual({ kind: 'alarm', ts: Date.UTC(2019, 11, 27, 9, 47, 44), alarm: 'sos' });
    expect(of(d, 'location')[0]).toMatchObject({ source: 'lbs' });
    expect(of(d, 'location')[0]?.cells).toHaveLength(7);
    expect(d.reply).toEqual(ascii('[3G*8809008845*0002*AL]'));
  });

  it('fall, removal and low battery', () => {
    expect(
      alarms(
        decode(
          '[3G*8308373902*0080*AL,230817,095346,A,47.083950,N,15.4821850,E,7.60,273.8,0.0,4,15,44,0,0,00200010,2,255,232,1,7605,42530,118,7605,58036,119,0,65.8]',
        ),
      ),
    ).toEqual(['fall']);
    const removed = decode(
      '[3G*358839237678820*0122*ALCUSTOMER1,251120,081821,V,0.0,N,0.0,E,2.58,317.462,35.147,14,100,2,11089,0,00100008,1,1,460,01,42308,101992452,100,5,shizhou1,44:56:e2:03:ea:2a,-69,FART3,30:0d:9e:bb:fa:4d,-70,ZKY-A209,88:c3:97:c1:f4:7f,-73,ChinaNet-HNeD,e8:84:c6:21:7c:dc,-77,,30:45:96:10:14:5d,-79,1.2035439]',
    );
    expect(alarms(removed)).toEqual(['wearOff']);
    expect(removed.reply).toEqual(ascii('[3G*358839237678820*0002*AL]'));
    expect(
      alarms(
        decode(
          '[SG*8800000015*0087*AL,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,0001,4,1,460,0,9360,4082,131,9360,4092,148,9360,4091,143,9360,4153,141]',
        ),
      ),
    ).toEqual(['lowBattery']);
  });

  it('echoes the sequence field in the AL answer', () => {
    const d = decode(
      '[ZJ*014111001332708*0075*0064*AL,040418,052156,A,22.536207,N,113.938673,E,0,0,0,5,100,82,1000,50,00100000,1,255,460,0,9340,3663,35]',
    );
    expect(alarms(d)).toEqual(['wearOff']);
    expect(d.reply).toEqual(ascii('[ZJ*014111001332708*0075*0002*AL]'));
  });

  it('an AL without an alarm bit is a watch event', () => {
    expect(
      alarms(
        decode(
          '[SG*9051007430*0058*AL,120117,145602,V,40.058413,N,76.336618,W,11.519,188,99,00,01,80,0,50,00000000,0,1,0,0,,10]',
        ),
      ),
    ).toEqual(['watch.alarm']);
  });

  it('several bits raise each alarm once; fences are events', () => {
    // Built here: SOS (16), low battery (17 and 0), fence exit (18).
    expect(
      alarms(decode('[3G*1234567890*0049*AL,010126,000000,A,1.0,N,2.0,E,0,0,0,5,50,50,0,0,00070001,0,0]')),
    ).toEqual(['sos', 'lowBattery', 'watch.geofenceExit']);
  });

  it('an AL whose body cannot be read is still an answered watch alarm', () => {
    // Built here.
    const d = decode('[3G*1234567890*0008*AL,broken]');
    expect(d.uplinks).toEqual([{ kind: 'event', ts: NOW, name: 'watch.alarm', note: 'unreadable alarm body' }]);
    expect(d.reply).toEqual(ascii('[3G*1234567890*0002*AL]'));
  });

  it('a position report raises no alarm', () => {
    expect(
      alarms(
        decode(
          '[3G*4700186508*00B1*UD,301015,084840,V,45.853100,N,14.6224899,E,0.00,0.0,0.0,0,84,61,0,11,00010008,7,255,293,70,60,6453,139,60,6432,139,60,6431,132,60,6457,127,60,16353,126,60,6451,121,60,16352,118]',
        ),
      ),
    ).toEqual([]);
  });
});

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

describe('watch commands', () => {
  const bound = (imei = '123456789012345'): Session => ({ imei, state: {} });
  const cmd = (c: string, params: Record<string, unknown> = {}): OutCommand => ({ id: 7, cmd: c, params });
  const encode = (c: OutCommand, session = bound()) => watch.encode(c, session, NOW)?.toString('utf8');

  it('frames each command with SG before the watch named its maker', () => {
    expect(encode(cmd('restart'))).toBe('[SG*123456789012345*0005*RESET]');
    expect(encode(cmd('locate'))).toBe('[SG*123456789012345*0002*CR]');
    expect(encode(cmd('setInterval', { seconds: 60 }))).toBe('[SG*123456789012345*0009*UPLOAD,60]');
    expect(encode(cmd('sosNumbers', { numbers: ['13800138000', '+8613900139000'] }))).toBe(
      '[SG*123456789012345*001F*SOS,13800138000,+8613900139000,]',
    );
    expect(encode(cmd('sosNumbers', { numbers: [] }))).toBe('[SG*123456789012345*0006*SOS,,,]');
    expect(encode(cmd('doNotDisturb', { periods: ['08:00-12:00', '14:00-17:30'] }))).toBe(
      '[SG*123456789012345*0023*SILENCETIME,08:00-12:00,14:00-17:30]',
    );
    expect(encode(cmd('custom', { text: 'WORK,6-9,11-13,13-15,17-19' }))).toBe(
      '[SG*123456789012345*001A*WORK,6-9,11-13,13-15,17-19]',
    );
  });

  it('MESSAGE carries UTF-16BE hex', () => {
    expect(encode(cmd('broadcast', { text: 'text' }))).toBe('[SG*123456789012345*0018*MESSAGE,0074006500780074]');
    // 注 U+6CE8, 意 U+610F, 安 U+5B89, 全 U+5168: 8 + 16 characters.
    expect(encode(cmd('broadcast', { text: '注意安全' }))).toBe('[SG*123456789012345*0018*MESSAGE,6CE8610F5B895168]');
  });

  it('uses the maker code and the sequence field the watch uses', () => {
    const session = bound('014111001350304');
    watch.decode(ascii('[ZJ*014111001350304*0034*0009*LK,0,0,19]'), session, NOW);
    expect(encode(cmd('locate'), session)).toBe('[ZJ*014111001350304*0001*0002*CR]');
    const plain = bound('8800000015');
    watch.decode(ascii('[3G*8800000015*0002*LK]'), plain, NOW);
    expect(encode(cmd('locate'), plain)).toBe('[3G*8800000015*0002*CR]');
  });

  it('has no frame for commands watches lack', () => {
    expect(watch.encode(cmd('valve', { action: 'open' }), bound(), NOW)).toBeUndefined();
    expect(watch.commands).toEqual([
      'locate',
      'setInterval',
      'restart',
      'broadcast',
      'sosNumbers',
      'doNotDisturb',
      'custom',
    ]);
  });

  it.each([
    cmd('setInterval', { seconds: 5 }),
    cmd('setInterval', { seconds: '60' }),
    cmd('broadcast', { mp3: 'https://example.com/a.mp3' }),
    cmd('sosNumbers', { numbers: ['1', '2', '3', '4'] }),
    cmd('sosNumbers', { numbers: ['12a'] }),
    cmd('doNotDisturb', { periods: ['8-12'] }),
    cmd('doNotDisturb', { periods: [] }),
    cmd('custom', { text: 'CR]' }),
    cmd('custom', { text: '' }),
  ])('refuses bad params: %j', (c) => {
    expect(() => watch.encode(c, bound(), NOW)).toThrow(ProtocolError);
  });

  it('refuses a command before the watch is bound', () => {
    expect(() => watch.encode(cmd('locate'), newSession(), NOW)).toThrow(ProtocolError);
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
