import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, deviceSettingsSchema, withDefaults } from '../../src/shared/devices/settings';
import { decodePayload, encodePayload, PayloadError } from '../../src/shared/devices/codec';
import { sendCommandBody } from '../../src/shared/devices/protocol';

const issues = (value: unknown) => {
  const r = deviceSettingsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('device settings schema (docs/requirements/entities.md#device-settings)', () => {
  it('accepts the defaults', () => {
    expect(issues(DEFAULT_SETTINGS)).toEqual([]);
  });

  it('refuses a lower limit above the upper one, under the upper field', () => {
    const bad = { ...DEFAULT_SETTINGS, limits: { heartRate: { low: 130, high: 120, interval: 5 } } };
    expect(issues(bad)).toEqual(['limits.heartRate.high:lowAboveHigh']);
  });

  it('keeps odour intensity between 0 and 100', () => {
    expect(issues({ ...DEFAULT_SETTINGS, limits: { odour: { low: 0, high: 101, interval: 60 } } })).toEqual([
      'limits.odour.high:tooLarge',
    ]);
    expect(issues({ ...DEFAULT_SETTINGS, limits: { odour: { low: -1, high: 50, interval: 60 } } })).toEqual([
      'limits.odour.low:tooSmall',
    ]);
  });

  it('validates contacts and refuses duplicate or malformed list numbers', () => {
    expect(issues({ ...DEFAULT_SETTINGS, contacts: [{ name: 'Mum', phone: '12345', relation: 'mother' }] })).toEqual([
      'contacts.0.phone:phoneInvalid',
    ]);
    expect(issues({ ...DEFAULT_SETTINGS, whiteList: ['13800000001', '13800000001'] })).toEqual([
      'whiteList:duplicateValues',
    ]);
    expect(issues({ ...DEFAULT_SETTINGS, blackList: ['13800000001'] })).toEqual([]);
  });

  it('fills what a stored partial setting lacks from the defaults', () => {
    const merged = withDefaults({ alarmDuration: 30, limits: { heartRate: { low: 40, high: 150, interval: 1 } } });
    expect(merged.alarmDuration).toBe(30);
    expect(merged.limits.heartRate).toEqual({ low: 40, high: 150, interval: 1 });
    expect(merged.limits.bodyTemp).toEqual(DEFAULT_SETTINGS.limits.bodyTemp);
    expect(merged.positionInterval).toBe(DEFAULT_SETTINGS.positionInterval);
  });
});

describe('command bodies', () => {
  it('allows a blank MP3 address (default audio) and refuses a non-http one', () => {
    expect(sendCommandBody.safeParse({ imei: '860100000000001', cmd: 'broadcast', params: { mp3: '' } }).success).toBe(
      true,
    );
    expect(sendCommandBody.safeParse({ imei: '860100000000001', cmd: 'broadcast' }).success).toBe(true);
    expect(
      sendCommandBody.safeParse({ imei: '860100000000001', cmd: 'broadcast', params: { mp3: 'ftp://x/a.mp3' } })
        .success,
    ).toBe(false);
  });

  it('needs a known switch mode and a bounded interval', () => {
    expect(
      sendCommandBody.safeParse({ imei: '860100000000001', cmd: 'switch', params: { mode: 'linkOn' } }).success,
    ).toBe(true);
    expect(
      sendCommandBody.safeParse({ imei: '860100000000001', cmd: 'switch', params: { mode: 'sideways' } }).success,
    ).toBe(false);
    expect(
      sendCommandBody.safeParse({ imei: '860100000000001', cmd: 'setInterval', params: { seconds: 5 } }).success,
    ).toBe(false);
    expect(sendCommandBody.safeParse({ imei: 'bad imei!', cmd: 'restart' }).success).toBe(false);
  });
});

describe('payload codec', () => {
  const message = { kind: 'telemetry', id: 7, values: { heartRate: 72, bodyTemp: 36.6 } };

  it('round-trips JSON and CBOR to the same object', () => {
    expect(decodePayload(encodePayload(message, 'json'))).toEqual({ value: message, encoding: 'json' });
    expect(decodePayload(encodePayload(message, 'cbor'))).toEqual({ value: message, encoding: 'cbor' });
  });

  it('makes CBOR smaller than JSON for a typical reading', () => {
    expect(encodePayload(message, 'cbor').length).toBeLessThan(encodePayload(message, 'json').length);
  });

  it('refuses empty, broken JSON and broken CBOR with a PayloadError', () => {
    expect(() => decodePayload(new Uint8Array())).toThrow(PayloadError);
    expect(() => decodePayload(Buffer.from('{"kind":'))).toThrow(PayloadError);
    expect(() => decodePayload(Buffer.from([0xff, 0x00]))).toThrow(PayloadError);
  });
});
