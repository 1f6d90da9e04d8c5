import { describe, expect, it } from 'vitest';
import { batteryColor, signalBars, skuImage, stateKey } from '../../src/shared/devices/display';
import { kindSupports, KIND_INFO, SIMULATED_KINDS } from '../../src/shared/devices/kinds';
import { demoFleet } from '../../src/shared/devices/demo';
import { IMEI_RE } from '../../src/shared/devices/protocol';

describe('device display rules (docs/requirements/constants.md#display)', () => {
  it('colours the battery red at 10 or below, orange at 20 or below, else green', () => {
    expect(batteryColor(0)).toBe('red');
    expect(batteryColor(10)).toBe('red');
    expect(batteryColor(11)).toBe('orange');
    expect(batteryColor(20)).toBe('orange');
    expect(batteryColor(21)).toBe('green');
    expect(batteryColor(100)).toBe('green');
    expect(batteryColor(null)).toBe('gray');
  });

  it('shows signal bars only while the device is online, clamped to 0-4', () => {
    expect(signalBars(1, 3)).toBe(3);
    expect(signalBars(1, 9)).toBe(4);
    expect(signalBars(1, -2)).toBe(0);
    expect(signalBars(0, 4)).toBeNull();
    expect(signalBars(2, 4)).toBeNull();
    expect(signalBars(1, null)).toBeNull();
  });

  it('maps device states 0, 1, 2 and treats every other code as abnormal', () => {
    expect(stateKey(0)).toBe('offline');
    expect(stateKey(1)).toBe('online');
    expect(stateKey(2)).toBe('inactive');
    expect(stateKey(3)).toBe('abnormal');
    expect(stateKey(7)).toBe('abnormal');
    expect(stateKey(undefined)).toBe('abnormal');
  });

  it('reads imgSrc out of the sku JSON string and ignores anything else', () => {
    expect(skuImage('{"imgSrc":"/a.png"}')).toBe('/a.png');
    expect(skuImage('{"imgSrc":3}')).toBeUndefined();
    expect(skuImage('not json')).toBeUndefined();
    expect(skuImage(null)).toBeUndefined();
  });
});

describe('device kinds and the demo fleet', () => {
  it('knows which commands each kind obeys; the fire button has none', () => {
    expect(kindSupports('breaker', 'switch')).toBe(true);
    expect(kindSupports('gas', 'valve')).toBe(true);
    expect(kindSupports('helmet', 'valve')).toBe(false);
    expect(KIND_INFO.fireButton.commands).toEqual([]);
    expect(kindSupports('nonsense', 'restart')).toBe(false);
    // The patrol phone has no downlink: not even the commands every other kind takes.
    expect(kindSupports('phone', 'report')).toBe(false);
    expect(kindSupports('helmet', 'report')).toBe(true);
  });

  it('puts every simulated kind in the demo fleet with unique, valid IMEIs', () => {
    const fleet = demoFleet();
    expect(new Set(fleet.map((d) => d.imei)).size).toBe(fleet.length);
    expect(fleet.every((d) => IMEI_RE.test(d.imei))).toBe(true);
    expect(new Set(fleet.map((d) => d.kind))).toEqual(new Set(SIMULATED_KINDS));
    expect(fleet.some((d) => d.messageType === 'cbor')).toBe(true);
    for (const d of fleet) expect(KIND_INFO[d.kind].scenarios).toContain(d.scenario);
  });
});
