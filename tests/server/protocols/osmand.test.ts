import { describe, expect, it } from 'vitest';
import { uplinkSchema, type Uplink } from '../../../src/shared/devices/protocol';
import { createRng } from '../../../src/shared/prng';
import { osmand } from '../../../src/server/protocols/osmand';
import type { HttpDecoded, HttpRequestLike } from '../../../src/server/protocols/types';

/**
 * The OsmAnd protocol (docs/protocols.md). Requests are those of Traccar's
 * OsmAndProtocolDecoderTest (the OsmAnd app and Traccar Client) unless a test says it built its own.
 */

const NOW = Date.UTC(2026, 0, 1);

function decode(req: Partial<HttpRequestLike>): HttpDecoded {
  const d = osmand.decode({ method: 'GET', uri: '/', headers: {}, body: '', ...req }, NOW);
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).error).toBeUndefined();
  return d;
}
const get = (uri: string) => decode({ uri });
const json = (body: unknown) =>
  decode({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const of = <K extends Uplink['kind']>(d: HttpDecoded, kind: K) =>
  d.uplinks.filter((u): u is Extract<Uplink, { kind: K }> => u.kind === kind);

describe('osmand query', () => {
  it('a fix in the query, answered 200', () => {
    const d = get('/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0');
    expect(d).toMatchObject({ imei: '123456', status: 200 });
    expect(d.uplinks).toEqual([
      { kind: 'location', ts: 1377177267000, source: 'gps', lat: 60, lon: 30, speed: 0, heading: 0, alt: 0 },
    ]);
  });

  it('speed in knots becomes km/h', () => {
    const [loc] = of(
      get(
        '/?id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
      ),
      'location',
    );
    expect(loc?.speed).toBeCloseTo(74.08, 6);
    expect(loc).toMatchObject({ lat: 40.7232948571, lon: -74.0061408571, heading: 7.19889788244 });
  });

  it('timestamps in seconds, milliseconds, ISO and date-time forms; none is the receive time', () => {
    const ts = (uri: string) => of(get(uri), 'location')[0]?.ts;
    expect(
      ts('/?id=902064&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0'),
    ).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    expect(ts('/?id=902064&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0')).toBe(
      1442068686579,
    );
    expect(
      ts('/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=353861053849681'),
    ).toBe(Date.UTC(2014, 5, 4, 9, 10, 11));
    expect(ts('/?id=861001000719969&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87')).toBe(NOW);
  });

  it('deviceid, heading and location=lat,lon', () => {
    expect(get('/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=123456')).toMatchObject({
      imei: '123456',
      status: 200,
    });
    expect(of(get('/?id=123456&timestamp=1377177267&location=60.0,30.0'), 'location')[0]).toMatchObject({
      lat: 60,
      lon: 30,
    });
  });

  it('battery and charging become a status', () => {
    expect(
      of(get('/?id=861001000719969&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87'), 'status'),
    ).toEqual([{ kind: 'status', ts: NOW, battery: 87 }]);
    // Built here: Traccar Client's charge flag.
    expect(of(get('/?id=123456&lat=1&lon=2&batt=40.5&charge=true'), 'status')).toEqual([
      { kind: 'status', ts: NOW, battery: 40.5, charging: true },
    ]);
  });

  it('cells and Wi-Fi without a fix', () => {
    const [loc] = of(
      get(
        '/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70',
      ),
      'location',
    );
    expect(loc).toEqual({
      kind: 'location',
      ts: 1377177267000,
      source: 'wifi',
      cells: [
        { mcc: 257, mnc: 2, lac: 16, cid: 2224 },
        { mcc: 257, mnc: 2, lac: 16, cid: 2223, signal: -90 },
      ],
      wifi: [
        { mac: '00:14:22:01:23:45', signal: -80 },
        { mac: '00:1c:b3:09:85:15', signal: -70 },
      ],
    });
  });

  it('a POST with the fields in the query and an empty body', () => {
    // Built here: the OsmAnd app posts its query with no body.
    expect(
      decode({ method: 'POST', uri: '/?id=123456&lat=60.0&lon=30.0', headers: { 'Content-Type': 'application/json' } })
        .status,
    ).toBe(200);
  });

  it('a POST form body', () => {
    // Built here: the same fields as a form.
    const d = decode({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=123456&timestamp=1377177267&lat=60.0&lon=30.0',
    });
    expect(d.status).toBe(200);
    expect(of(d, 'location')[0]).toMatchObject({ ts: 1377177267000, lat: 60, lon: 30 });
  });
});

describe('osmand JSON (Traccar Client 9+)', () => {
  it('coords, speed in m/s, battery 0-1, the event', () => {
    const d = json({
      location: {
        event: 'motionchange',
        is_moving: false,
        uuid: '0e9a2473-a9a7-4c00-997b-fb97d2154e75',
        timestamp: '2021-07-21T08:06:34.444Z',
        odometer: 0,
        coords: {
          latitude: -6.1148096,
          longitude: 106.6837015,
          accuracy: 3.8,
          speed: 18.67,
          speed_accuracy: 0.26,
          heading: 63,
          heading_accuracy: 0.28,
          altitude: 35.7,
          altitude_accuracy: 3.8,
        },
        activity: { type: 'still', confidence: 100 },
        battery: { is_charging: false, level: 0.79 },
        extras: {},
      },
      device_id: '8737767034',
    });
    const ts = Date.parse('2021-07-21T08:06:34.444Z');
    expect(d).toMatchObject({ imei: '8737767034', status: 200 });
    expect(of(d, 'location')[0]).toMatchObject({
      ts,
      lat: -6.1148096,
      lon: 106.6837015,
      accuracy: 3.8,
      heading: 63,
      alt: 35.7,
    });
    expect(of(d, 'location')[0]?.speed).toBeCloseTo(67.212, 6);
    expect(of(d, 'status')).toEqual([{ kind: 'status', ts, battery: 79, charging: false }]);
    expect(of(d, 'event')).toEqual([{ kind: 'event', ts, name: 'osmand.motionchange' }]);
  });

  it('leaves out what the phone did not know (-1)', () => {
    const d = json({
      location: {
        extras: {},
        mock: true,
        coords: {
          speed_accuracy: -1,
          speed: -1,
          longitude: -122.406417,
          ellipsoidal_altitude: 0,
          floor: null,
          heading_accuracy: -1,
          latitude: 37.785834000000001,
          accuracy: 5,
          altitude_accuracy: -1,
          altitude: 0,
          heading: -1,
        },
        is_moving: false,
        age: 188,
        odometer: 0,
        uuid: '2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8',
        event: 'motionchange',
        battery: { level: -1, is_charging: false },
        activity: { type: 'unknown', confidence: 100 },
        timestamp: '2025-05-09T04:11:30.579Z',
      },
      device_id: '658765',
    });
    const [loc] = of(d, 'location');
    expect(loc?.speed).toBeUndefined();
    expect(loc?.heading).toBeUndefined();
    expect(of(d, 'status')).toEqual([{ kind: 'status', ts: Date.parse('2025-05-09T04:11:30.579Z'), charging: false }]);
  });

  it('a heartbeat is a fix, not an event; a batch of locations is each stored', () => {
    // Built here.
    const loc = (lat: number, event: string) => ({
      timestamp: '2025-06-15T13:45:12.862Z',
      coords: { latitude: lat, longitude: 1 },
      event,
    });
    const d = json({ device_id: 'abc123', location: [loc(1, 'heartbeat'), loc(2, 'geofence')] });
    expect(of(d, 'location').map((l) => l.lat)).toEqual([1, 2]);
    expect(of(d, 'event').map((e) => e.name)).toEqual(['osmand.geofence']);
  });
});

describe('osmand alarms (docs/protocols.md "osmand", "Alarms")', () => {
  const raised = (d: HttpDecoded) =>
    d.uplinks
      .filter((u) => u.kind === 'alarm' || u.kind === 'event')
      .map((u) => ('alarm' in u ? u.alarm : 'name' in u ? u.name : ''));

  it('alarm= in the query raises ours: sos, fall, low battery, tampering, removing, power cut, accident', () => {
    const q = (alarm: string) => raised(get(`/?id=123456&lat=60.0&lon=30.0&timestamp=1377177267&alarm=${alarm}`));
    expect(q('sos')).toEqual(['sos']);
    expect(q('fall')).toEqual(['fall']);
    expect(q('fallDown')).toEqual(['fall']);
    expect(q('lowBattery')).toEqual(['lowBattery']);
    expect(q('lowPower')).toEqual(['lowBattery']);
    expect(q('tampering')).toEqual(['fault']);
    expect(q('removing')).toEqual(['wearOff']);
    expect(q('powerCut')).toEqual(['powerLoss']);
    expect(q('accident')).toEqual(['collision']);
    // Several joined by commas, each once.
    expect(q('sos,fall,sos')).toEqual(['sos', 'fall']);
  });

  it('the alarm has the fix time and goes with the location; the summary names it', () => {
    const d = get('/?id=123456&lat=60.0&lon=30.0&timestamp=1377177267&alarm=sos');
    expect(d.status).toBe(200);
    expect(of(d, 'location')).toHaveLength(1);
    expect(of(d, 'alarm')).toEqual([{ kind: 'alarm', ts: 1377177267000, alarm: 'sos' }]);
    expect(d.summary).toContain('alarm=sos');
  });

  it('an SOS without a fix is still raised, at the receive time', () => {
    const d = get('/?id=123456&alarm=sos');
    expect(d.status).toBe(200);
    expect(d.uplinks).toEqual([{ kind: 'alarm', ts: NOW, alarm: 'sos' }]);
  });

  it('unknown values are named device events, never dropped', () => {
    expect(raised(get('/?id=123456&lat=1&lon=2&alarm=geofenceExit'))).toEqual(['osmand.alarm.geofenceExit']);
    const odd = get('/?id=123456&lat=1&lon=2&alarm=%E6%B1%82%E6%95%91%20!');
    expect(of(odd, 'event')).toEqual([{ kind: 'event', ts: NOW, name: 'osmand.alarm', note: '求救 !' }]);
  });

  it('a POST form body carries it too', () => {
    const d = decode({ method: 'POST', body: 'id=123456&lat=60.0&lon=30.0&alarm=sos' });
    expect(raised(d)).toEqual(['sos']);
  });

  it("Traccar Client's JSON: the alarm in location.extras, beside the location, or at the root", () => {
    const loc = {
      timestamp: '2026-01-01T00:00:00.000Z',
      coords: { latitude: 60, longitude: 30, speed: 0, heading: 0, altitude: 0, accuracy: 5 },
    };
    expect(raised(json({ device_id: '123456', location: { ...loc, extras: { alarm: 'sos' } } }))).toEqual(['sos']);
    expect(raised(json({ device_id: '123456', location: { ...loc, alarm: 'fall' } }))).toEqual(['fall']);
    expect(raised(json({ device_id: '123456', alarm: 'removing', location: loc }))).toEqual(['wearOff']);
    // An alarm without a location at all.
    expect(json({ device_id: '123456', location: [], alarm: 'sos' }).uplinks).toEqual([
      { kind: 'alarm', ts: NOW, alarm: 'sos' },
    ]);
    // Not a string: ignored, the fix still stored.
    expect(json({ device_id: '123456', location: { ...loc, extras: { alarm: 7 } } }).uplinks).toHaveLength(1);
  });
});

describe('osmand bad requests', () => {
  it.each([
    ['no device id', { uri: '/?timestamp=1377177267&lat=60.0&lon=30.0' }],
    ['an empty request', { uri: '/' }],
    ['a device id that is no identifier', { uri: '/?id=a%20b&lat=1&lon=2' }],
    ['a latitude that is no number', { uri: '/?id=123456&lat=north&lon=2' }],
    ['a latitude out of range', { uri: '/?id=123456&lat=95&lon=2' }],
    ['a timestamp that is no date', { uri: '/?id=123456&lat=1&lon=2&timestamp=yesterday' }],
    ['a broken cell', { uri: '/?id=123456&cell=1,2' }],
    ['broken JSON', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"device_id":' }],
    [
      'JSON without coords',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"device_id":"123456","location":{}}' },
    ],
    [
      'JSON without a device id',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"location":{"coords":{"latitude":1,"longitude":2}}}',
      },
    ],
  ] as const)('%s is answered 400', (_, req) => {
    const d = decode(req);
    expect(d.status).toBe(400);
    expect(d.uplinks).toEqual([]);
  });

  it('random and mutated requests never throw and yield only valid uplinks', () => {
    const rng = createRng(5055);
    const seeds = [
      '/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&batt=50&charge=true',
      '/?id=123456&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80',
    ];
    const alphabet = '0123456789-.,=&?%+eE:TZ abcxyz{}[]"';
    for (let i = 0; i < 2_000; i++) {
      const chars = [...seeds[i % 2]!];
      for (let m = rng.int(1, 5); m > 0; m--)
        chars[rng.int(0, chars.length - 1)] = alphabet[rng.int(0, alphabet.length - 1)]!;
      const d = get(chars.join(''));
      expect([200, 400]).toContain(d.status);
    }
  });
});
