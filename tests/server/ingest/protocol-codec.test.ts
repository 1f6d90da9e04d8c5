import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, PayloadError, type Encoding } from '../../../src/shared/devices/codec';
import { MAX_PAYLOAD_BYTES, toMillis, uplinkSchema } from '../../../src/shared/devices/protocol';
import { upTopicImei } from '../../../src/server/ingest/ingest';

const valid: Record<string, object> = {
  telemetry: { kind: 'telemetry', id: 1, ts: 1764000000123, values: { heartRate: 72, bodyTemp: 36.6, battery: 80 } },
  location: { kind: 'location', id: 'a-2', lat: 31.23, lon: 121.47, speed: 4, heading: 90, accuracy: 8 },
  uwb: { kind: 'location', source: 'uwb', x: 12.5, y: 3, floor: 'B1' },
  status: {
    kind: 'status',
    online: true,
    battery: 55,
    signal: 4,
    mainsPower: 1,
    appVersion: '1.2',
    iccid: '8986',
    imsi: '4600',
  },
  alarm: { kind: 'alarm', alarm: 'sos', value: 1, note: 'pressed' },
  call: { kind: 'call', roomNo: '1201', community: 'Garden', building: '3', unit: '2' },
  ack: { kind: 'ack', ref: 17, ok: true, msg: 'done' },
};

const invalid: Record<string, object> = {
  'telemetry without values': { kind: 'telemetry', values: {} },
  'telemetry with an unknown metric': { kind: 'telemetry', values: { colour: 3 } },
  'telemetry with a text value': { kind: 'telemetry', values: { heartRate: '72' } },
  'location without a position': { kind: 'location', alt: 3 },
  'location out of range': { kind: 'location', lat: 91, lon: 0 },
  'status with 5 signal bars': { kind: 'status', signal: 5 },
  'status with battery 101': { kind: 'status', battery: 101 },
  'an unknown alarm': { kind: 'alarm', alarm: 'meteor' },
  'a call without room': { kind: 'call' },
  'an ack without ref': { kind: 'ack', ok: true },
  'an unknown kind': { kind: 'selfie' },
  'a negative ts': { kind: 'status', ts: -1 },
  'a long id': { kind: 'status', id: 'x'.repeat(65) },
};

describe.each<Encoding>(['json', 'cbor'])('device payloads in %s', (encoding) => {
  it.each(Object.entries(valid))('decodes and accepts %s', (_name, message) => {
    const bytes = encodePayload(message, encoding);
    const decoded = decodePayload(bytes);
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.value).toEqual(message);
    expect(uplinkSchema.safeParse(decoded.value).success).toBe(true);
  });

  it.each(Object.entries(invalid))('refuses %s', (_name, message) => {
    expect(uplinkSchema.safeParse(decodePayload(encodePayload(message, encoding)).value).success).toBe(false);
  });

  it('is smaller in CBOR than in JSON', () => {
    const m = valid.telemetry!;
    expect(encodePayload(m, 'cbor').length).toBeLessThan(encodePayload(m, 'json').length);
  });
});

describe('decoding edge cases', () => {
  it('accepts hand-typed JSON with leading whitespace', () => {
    expect(decodePayload(Buffer.from('  \n{"kind":"status"}')).value).toEqual({ kind: 'status' });
  });
  it('throws PayloadError on empty, broken JSON, broken CBOR and invalid UTF-8', () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('{"kind":'),
      Buffer.from([0xff, 0xff, 0x00]),
      Buffer.from([0x7b, 0xc3, 0x28, 0x7d]),
    ]) {
      expect(() => decodePayload(bytes)).toThrow(PayloadError);
    }
  });
  it('decodes a CBOR non-object, which the schema then refuses', () => {
    const value = decodePayload(encodePayload([1, 2], 'cbor')).value;
    expect(uplinkSchema.safeParse(value).success).toBe(false);
  });
  it('reads short timestamps as seconds and long ones as milliseconds', () => {
    expect(toMillis(1764000000)).toBe(1764000000000);
    expect(toMillis(1764000000123)).toBe(1764000000123);
    const parsed = uplinkSchema.parse({ kind: 'status', ts: 1764000000 });
    expect(toMillis(parsed.ts!)).toBe(1764000000000);
  });
  it('has an 8 KiB limit that a padded message exceeds', () => {
    const big = encodePayload({ kind: 'status', appVersion: 'x', pad: 'y'.repeat(MAX_PAYLOAD_BYTES) }, 'json');
    expect(big.length).toBeGreaterThan(MAX_PAYLOAD_BYTES);
  });
  it('reads the IMEI of uplink topics only', () => {
    expect(upTopicImei('sfwatch/861234567890123/up')).toBe('861234567890123');
    for (const t of ['sfwatch//up', 'sfwatch/a/b/up', 'sfwatch/86/server', 'other/86/up'])
      expect(upTopicImei(t)).toBeUndefined();
  });
});
