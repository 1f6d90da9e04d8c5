import { describe, expect, it } from 'vitest';
import { newSession, type Decoded } from '../../../src/server/protocols/types';
import { ascii, decode, NOW, of } from './watch-helpers';

/**
 * The "3G" watch protocol (docs/protocols.md): the link, positions and alarms a watch reports.
 */

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
    // A bit no table maps: the general alarm keeps the status word.
    const unmapped = decode('[3G*1234567890*0049*AL,010126,000000,A,1.0,N,2.0,E,0,0,0,5,50,50,0,0,01000000,0,0]');
    expect(of(unmapped, 'event')).toEqual([
      { kind: 'event', ts: Date.UTC(2026, 0, 1), name: 'watch.alarm', note: 'status 01000000' },
    ]);
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

  it("a position report's status raises its alarms too, unanswered, as Traccar reads every report", () => {
    // A watch in the field: UD with the SOS bit (16) and an unmapped bit (3).
    const d = decode(
      '[3G*4700186508*00B1*UD,301015,084840,V,45.853100,N,14.6224899,E,0.00,0.0,0.0,0,84,61,0,11,00010008,7,255,293,70,60,6453,139,60,6432,139,60,6431,132,60,6457,127,60,16353,126,60,6451,121,60,16352,118]',
    );
    expect(alarms(d)).toEqual(['sos']);
    expect(of(d, 'alarm')[0]).toEqual({ kind: 'alarm', ts: Date.UTC(2015, 9, 30, 8, 48, 40), alarm: 'sos' });
    expect(of(d, 'location')).toHaveLength(1);
    expect(d.reply).toBeUndefined();
    expect(d.summary).toContain('alarms=sos');
  });

  it('UD2, UD_LTE and UD_WCDMA carry the same bits: fall, removal, low battery, fences, power cut', () => {
    // Built here from the field frames' layout.
    const ud = (type: string, status: string) =>
      alarms(decode(`[3G*1234567890*0049*${type},010126,000000,A,1.0,N,2.0,E,0,0,0,5,50,50,0,0,${status},0,0]`));
    expect(ud('UD2', '00200000')).toEqual(['fall']);
    expect(ud('UD_LTE', '00100000')).toEqual(['wearOff']);
    expect(ud('UD_WCDMA', '00020000')).toEqual(['lowBattery']);
    expect(ud('UD', '00080000')).toEqual(['watch.geofenceEnter']);
    expect(ud('UD', '00004002')).toEqual(['watch.geofenceExit', 'watch.powerCut']);
    // No alarm bit: a plain report, no general watch alarm (that is AL's).
    expect(ud('UD', '00000010')).toEqual([]);
    expect(ud('WT', '00000000')).toEqual([]);
  });

  it('on one connection a report raises only the bits it sets anew; an AL always raises', () => {
    // Built here: a watch whose battery stays low reports every minute.
    const session = newSession();
    const ud = (status: string) =>
      alarms(decode(`[3G*1234567890*0049*UD,010126,000000,A,1.0,N,2.0,E,0,0,0,5,50,50,0,0,${status},0,0]`, session));
    expect(ud('00020000')).toEqual(['lowBattery']);
    expect(ud('00020000')).toEqual([]);
    // Removed from the wrist meanwhile: only the new bit.
    expect(ud('00120000')).toEqual(['wearOff']);
    // The battery recovers, then runs low again: raised again.
    expect(ud('00100000')).toEqual([]);
    expect(ud('00120000')).toEqual(['lowBattery']);
    const al = alarms(
      decode('[3G*1234567890*0049*AL,010126,000000,A,1.0,N,2.0,E,0,0,0,5,50,50,0,0,00120000,0,0]', session),
    );
    expect(al).toEqual(['wearOff', 'lowBattery']);
    // A new connection raises what its first report finds.
    expect(
      alarms(decode('[3G*1234567890*0049*UD,010126,000000,A,1.0,N,2.0,E,0,0,0,5,50,50,0,0,00020000,0,0]')),
    ).toEqual(['lowBattery']);
  });
});
