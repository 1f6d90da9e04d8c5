import { describe, expect, it } from 'vitest';
import { newSession, ProtocolError } from '../../../src/server/protocols/types';
import { avlPacket, CODEC_8, CODEC_8E, CODEC_16 } from '../../../src/shared/protocols/teltonika/packet';
import { TELTONIKA } from './fixtures/teltonika';
import { arc, decode, ofKind } from './teltonika-helpers';

/**
 * Decoding Teltonika frames (docs/protocols.md, teltonika): the examples of Teltonika's "Codec"
 * document and frames of Traccar's TeltonikaProtocolDecoderTest, each read for its positions,
 * I/O elements, alarms and the reply.
 */
describe('Teltonika frames', () => {
  it('answers the IMEI frame with 01 and binds the IMEI', () => {
    const d = decode(TELTONIKA.imei);
    expect(d).toMatchObject({ imei: '123456789012345', login: 'login', uplinks: [] });
    expect(d.reply!.toString('hex')).toBe('01');
  });

  it('refuses an IMEI frame whose text is no identifier', () => {
    expect(() => decode(Buffer.from('0003414243', 'hex'))).toThrow(ProtocolError);
    expect(() => decode(Buffer.from('000f313233', 'hex'))).toThrow(ProtocolError);
  });

  it('checks the CRC-16/IBM of every frame with a bit-by-bit CRC', () => {
    for (const [name, f] of Object.entries(TELTONIKA)) {
      if (f.readUInt16BE(0) > 0 || name === 'codec13') continue;
      const end = f.length - 4;
      expect(arc(f.subarray(8, end)), name).toBe(f.readUInt32BE(end));
    }
  });

  it("reads the codec 8 example of Teltonika's document: no position, GSM 3, DIN1, 24.079 V", () => {
    const d = decode(TELTONIKA.docCodec8);
    expect(d.reply!.toString('hex')).toBe('00000001');
    expect(ofKind(d, 'location')).toEqual([]);
    const ts = Date.UTC(2019, 5, 10, 10, 4, 46);
    expect(ofKind(d, 'status')).toEqual([{ kind: 'status', signal: 2, ts }]);
    expect(ofKind(d, 'telemetry')).toEqual([{ kind: 'telemetry', values: { voltage: 24.079 }, ts }]);
    // The record was made by DIN1 (event IO 1).
    expect(ofKind(d, 'event')).toEqual([{ kind: 'event', name: 'teltonika.io1', value: 1, ts }]);
    expect(d.summary).toContain('externalVoltage=24079');
    expect(d.summary).toContain('gsmOperator=24602');
  });

  it('reads the codec 8 Extended example: 2-byte ids and an 8-byte element', () => {
    const d = decode(TELTONIKA.docCodec8e);
    expect(d.reply!.toString('hex')).toBe('00000001');
    expect(d.summary).toContain('odometer=22949000');
    expect(d.summary).toContain('io11=893700218');
    expect(d.summary).toContain('io14=500686954');
  });

  it('reads the codec 16 example: generation type, two records answered 2', () => {
    const d = decode(TELTONIKA.docCodec16);
    expect(d.reply!.toString('hex')).toBe('00000002');
    expect(ofKind(d, 'telemetry').map((u) => u.values.voltage)).toEqual([22.074, 22.074]);
    expect(ofKind(d, 'event').map((u) => [u.name, u.value])).toEqual([
      ['teltonika.io11', 39],
      ['teltonika.io11', 38],
    ]);
  });

  it('reads a codec 8 record in Vienna: position, speed, satellites, serving cell, voltage', () => {
    const d = decode(TELTONIKA.vienna);
    const ts = Date.UTC(2019, 0, 4, 12, 27, 19);
    expect(ofKind(d, 'location')).toEqual([
      {
        kind: 'location',
        source: 'gps',
        ts,
        lat: 48.1523066,
        lon: 16.3745183,
        alt: 190,
        heading: 198,
        speed: 83,
        satellites: 15,
        valid: true,
        cells: [{ mcc: 232, mnc: 1, lac: 17007, cid: 63501 }],
      },
    ]);
    // Unplug 0: on external power.
    expect(ofKind(d, 'status')).toEqual([{ kind: 'status', signal: 2, mainsPower: 1, ts }]);
    expect(ofKind(d, 'telemetry')).toEqual([{ kind: 'telemetry', values: { voltage: 14.233 }, ts }]);
    expect(ofKind(d, 'alarm')).toEqual([]);
  });

  it('reads three codec 8 records, in the order sent, and answers 3', () => {
    const d = decode(TELTONIKA.three);
    expect(d.reply!.toString('hex')).toBe('00000003');
    const locs = ofKind(d, 'location');
    expect(locs.map((l) => [l.lat, l.lon, l.satellites])).toEqual([
      [24.9484381, 67.1363518, 16],
      [24.9484253, 67.1363591, 19],
      [24.893493, 67.0457151, 17],
    ]);
    expect(locs.map((l) => l.speed)).toEqual([0, 9, 97]);
  });

  it('raises SOS from the alarm button (IO 236) and low battery from 1 % (IO 113), once per connection', () => {
    const session = newSession();
    const d = decode(TELTONIKA.alarmButton, session);
    expect(d.reply!.toString('hex')).toBe('00000002');
    const ts = Date.UTC(2021, 4, 10, 8, 19, 55);
    expect(ofKind(d, 'alarm')).toEqual([
      { kind: 'alarm', alarm: 'sos', value: 1, note: 'alarm', ts },
      { kind: 'alarm', alarm: 'lowBattery', value: 1, note: 'batteryLevel', ts },
    ]);
    // No satellites: the last known position, stored as not valid.
    expect(ofKind(d, 'location')[0]).toMatchObject({ lat: -33.9656016, lon: 18.8357883, valid: false, satellites: 0 });
    expect(ofKind(d, 'status')[0]).toEqual({ kind: 'status', battery: 1, signal: 0, charging: false, ts });
    expect(ofKind(d, 'telemetry')[0]).toEqual({ kind: 'telemetry', values: { voltage: 3.414 }, ts });
    // The same packet again on the connection: the button raises again, the low battery does not.
    const again = decode(TELTONIKA.alarmButton, session);
    expect(ofKind(again, 'alarm').map((a) => a.alarm)).toEqual(['sos']);
  });

  it('reads codec 8 Extended variable-length elements into the summary, bounded', () => {
    const d = decode(TELTONIKA.nx);
    expect(ofKind(d, 'location')[0]).toMatchObject({ lat: 52.0296716, lon: 6.7877833, satellites: 19, speed: 19 });
    expect(d.summary).toMatch(/io256=5756315a5a5a32455a383630313533383/);
    const b = decode(TELTONIKA.beacons);
    expect(b.reply!.toString('hex')).toBe('00000002');
    expect(b.summary).toContain('io385=11210102030405060708090a0b0c0d0e0f10020b010ad0');
    const vin = decode(TELTONIKA.vin);
    expect(ofKind(vin, 'location')[0]).toMatchObject({ lat: 54.6708533, lon: 25.2545883, heading: 259, valid: true });
  });

  it('reads codec 16: 2-byte ids in a codec 8 layout, south and west signed', () => {
    const d = decode(TELTONIKA.codec16);
    expect(ofKind(d, 'location')[0]).toMatchObject({
      lat: -33.4379166,
      lon: -70.64967,
      alt: 571,
      heading: 282,
      satellites: 6,
      ts: Date.UTC(2018, 6, 26, 20, 43, 43),
    });
    expect(d.summary).toContain('io256=0');
  });

  it('answers fourteen codec 8 records with 14', () => {
    const d = decode(TELTONIKA.fourteen);
    expect(d.reply!.toString('hex')).toBe('0000000e');
    expect(ofKind(d, 'location')).toHaveLength(14);
    expect(d.summary).toContain('10 more');
  });

  it('names the ignition and movement of the record they made', () => {
    const d = decode(TELTONIKA.ignition);
    expect(ofKind(d, 'location')[0]).toMatchObject({ lat: 56.8255366, lon: 60.4544333, speed: 95, satellites: 18 });
    expect(d.summary).toContain('ignition=1');
    const on = decode(
      avlPacket(CODEC_8, [
        { ts: 1_700_000_000_000, lat: 1, lon: 2, satellites: 5, eventId: 239, io: [{ id: 239, value: 1 }] },
      ]),
    );
    expect(ofKind(on, 'event').map((e) => e.name)).toEqual(['teltonika.ignitionOn']);
    const stop = decode(
      avlPacket(CODEC_8E, [
        { ts: 1_700_000_000_000, lat: 1, lon: 2, satellites: 5, eventId: 240, io: [{ id: 240, value: 0 }] },
      ]),
    );
    expect(ofKind(stop, 'event').map((e) => e.name)).toEqual(['teltonika.movementStop']);
  });

  it('raises fall from man-down (IO 242), collision from a crash (247), power loss on unplug (252) on its edge', () => {
    const session = newSession();
    const rec = (io: { id: number; value: number }[], eventId = 0) =>
      avlPacket(CODEC_16, [{ ts: 1_700_000_000_000, lat: 10, lon: 20, satellites: 4, eventId, io }]);
    expect(ofKind(decode(rec([{ id: 242, value: 1 }], 242), session), 'alarm').map((a) => a.alarm)).toEqual(['fall']);
    expect(ofKind(decode(rec([{ id: 247, value: 2 }], 247), session), 'alarm').map((a) => a.alarm)).toEqual([
      'collision',
    ]);
    const cut = decode(rec([{ id: 252, value: 1 }], 252), session);
    expect(ofKind(cut, 'alarm').map((a) => a.alarm)).toEqual(['powerLoss']);
    expect(ofKind(cut, 'status')[0]).toMatchObject({ mainsPower: 0 });
    // Still unplugged: no new alarm; plugged back and cut again: raised again.
    expect(ofKind(decode(rec([{ id: 252, value: 1 }]), session), 'alarm')).toEqual([]);
    expect(ofKind(decode(rec([{ id: 252, value: 0 }]), session), 'status')[0]).toMatchObject({ mainsPower: 1 });
    expect(ofKind(decode(rec([{ id: 252, value: 1 }]), session), 'alarm').map((a) => a.alarm)).toEqual(['powerLoss']);
    // Green driving and overspeeding are events, not alarms.
    const harsh = decode(
      rec(
        [
          { id: 253, value: 2 },
          { id: 255, value: 130 },
        ],
        253,
      ),
      session,
    );
    expect(ofKind(harsh, 'event').map((e) => [e.name, e.value])).toEqual([
      ['teltonika.harshBraking', 2],
      ['teltonika.overspeed', 130],
    ]);
  });

  it('stores no location for a record at 0,0 without a cell, and keeps its values', () => {
    const d = decode(
      avlPacket(CODEC_8, [
        {
          ts: 1_700_000_000_000,
          lat: 0,
          lon: 0,
          io: [
            { id: 113, value: 64 },
            { id: 67, value: 3900 },
          ],
        },
      ]),
    );
    expect(ofKind(d, 'location')).toEqual([]);
    expect(ofKind(d, 'status')[0]).toMatchObject({ battery: 64 });
    expect(ofKind(d, 'telemetry')[0]).toMatchObject({ values: { voltage: 3.9 } });
    expect(d.reply!.toString('hex')).toBe('00000001');
  });

  it('turns codec 12 responses into acks of the oldest waiting command, text or hex', () => {
    const d = decode(TELTONIKA.docGetinfoResponse);
    // No command was sent on this connection: nothing to acknowledge.
    expect(d.uplinks).toEqual([]);
    expect(d.reply).toBeUndefined();
    expect(d.summary).toContain('INI:2019/7/22 7:22');
    expect(decode(TELTONIKA.axleResponse).summary).toContain('UUUUww06.4;04.2');
    expect(decode(TELTONIKA.binaryResponse).summary).toContain('010300010015d5c5');
    const c13 = decode(TELTONIKA.codec13);
    expect(c13.summary).toContain('#GET DATAORDER');
    // Its CRC (from Traccar's test) is not the data's: accepted and marked.
    expect(c13.irregular).toEqual(['checksumMismatch']);
  });

  it('accepts a wrong CRC and says so; refuses counts that disagree, records past the data, codec 7', () => {
    const wrong = Buffer.from(TELTONIKA.vienna);
    wrong[wrong.length - 1] = wrong[wrong.length - 1]! ^ 0xff;
    const d = decode(wrong);
    expect(d.irregular).toEqual(['checksumMismatch']);
    expect(ofKind(d, 'location')).toHaveLength(1);
    const counts = Buffer.from(TELTONIKA.vienna);
    counts[counts.length - 5] = 2;
    expect(() => decode(counts)).toThrow(/record counts/);
    const many = Buffer.from(TELTONIKA.vienna);
    many[9] = many[many.length - 5] = 2;
    expect(() => decode(many)).toThrow(ProtocolError);
    const gh = Buffer.from(TELTONIKA.vienna);
    gh[8] = 0x07;
    expect(() => decode(gh)).toThrow(/not supported/);
  });
});
