import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { AgoraVoiceProvider } from '../../../src/server/voice/agora';
import { LocalVoiceProvider } from '../../../src/server/voice/local';
import { callChannel, consoleUid, deviceUid } from '../../../src/server/voice/provider';
import { manualClock } from '../helper';

const HEX = '0123456789abcdef0123456789abcdef';

describe('local voice provider', () => {
  it('issues tokens for one uid on one channel that expire', () => {
    const clock = manualClock(1_700_000_000_000);
    const p = new LocalVoiceProvider('key', clock, 60);
    const { token, expiresAt } = p.buildToken('8601_101', '42');
    expect(expiresAt).toBe(1_700_000_060_000);
    expect(p.verify(token, '8601_101', '42')).toBe(true);
    expect(p.verify(token, '8601_102', '42')).toBe(false);
    expect(p.verify(token, '8601_101', '43')).toBe(false);
    expect(new LocalVoiceProvider('other key', clock, 60).verify(token, '8601_101', '42')).toBe(false);
    expect(
      p.verify(
        token.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 3600}.`),
        '8601_101',
        '42',
      ),
    ).toBe(false);
    expect(p.verify('garbage', '8601_101', '42')).toBe(false);
    clock.advance(60_000);
    expect(p.verify(token, '8601_101', '42')).toBe(false);
  });
});

describe('agora voice provider', () => {
  it('builds AccessToken2 tokens with the configured App ID', () => {
    const p = new AgoraVoiceProvider({ appId: HEX, appCertificate: HEX }, manualClock(), 3600);
    expect(p.appId).toBe(HEX);
    const a = p.buildToken('8601_101', '42').token;
    expect(a).toMatch(/^007[A-Za-z0-9+/=]+$/);
    expect(p.buildToken('8601_101', '43').token).not.toBe(a);
  });

  it('is configured by both variables or neither', () => {
    expect(loadConfig({}).agora).toBeUndefined();
    expect(loadConfig({ AGORA_APP_ID: HEX, AGORA_APP_CERTIFICATE: HEX }).agora).toEqual({
      appId: HEX,
      appCertificate: HEX,
    });
    expect(() => loadConfig({ AGORA_APP_ID: HEX })).toThrow(/AGORA_APP_CERTIFICATE/);
    expect(() => loadConfig({ AGORA_APP_ID: 'nope', AGORA_APP_CERTIFICATE: HEX })).toThrow(/AGORA_APP_ID/);
    expect(loadConfig({ MQTT_WS_URL: 'wss://mqtt.example.com/mqtt' }).mqttWsUrl).toBe('wss://mqtt.example.com/mqtt');
    expect(() => loadConfig({ MQTT_WS_URL: 'mqtt://mqtt.example.com' })).toThrow(/MQTT_WS_URL/);
  });
});

describe('call channel and uids', () => {
  it('forms the channel from IMEI and room number, safe for RTC SDKs', () => {
    expect(callChannel('860100000000025', '1203')).toBe('860100000000025_1203');
    expect(callChannel('860100000000025', '3栋 1203/A')).toMatch(/^860100000000025_[\x21-\x7e]+$/);
    expect(callChannel('8'.repeat(20), 'x'.repeat(32)).length).toBeLessThan(64);
  });

  it("gives door units stable 32-bit uids that never meet a console's", () => {
    const a = Number(deviceUid('860100000000025'));
    expect(deviceUid('860100000000025')).toBe(String(a));
    expect(a).toBeGreaterThanOrEqual(3e9);
    expect(a).toBeLessThan(2 ** 32);
    expect(deviceUid('860100000000026')).not.toBe(String(a));
    expect(consoleUid(42)).toBe('42');
  });
});
