import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { Fleet } from '../../../src/client/map/layers/fleet';
import { tenantPositionsTopic } from '../../../src/shared/topics';
import { settle, startBridge } from '../live/fakeMqtt';

describe('live positions through the bridge', () => {
  it('onTopic hands the raw JSON of a subscribed topic to its listeners, reference-counted subscribe', async () => {
    const h = startBridge(new QueryClient());
    await settle();
    h.mqtt.open();
    const topic = tenantPositionsTopic(3);
    const got = vi.fn();
    const stop = h.bridge.onTopic(topic, got);
    h.bridge.subscribe(topic);
    h.bridge.subscribe(topic);
    expect(h.mqtt.subscribed).toContain(topic);
    h.mqtt.deliver(topic, {
      code: '9020',
      positions: [{ imei: '860000000000001', lat: 22.5, lon: 114, state: 1, ts: 1 }],
    });
    expect(got).toHaveBeenCalledWith({
      code: '9020',
      positions: [{ imei: '860000000000001', lat: 22.5, lon: 114, state: 1, ts: 1 }],
    });
    // Not JSON: dropped before any listener sees it.
    h.mqtt.deliver(topic, 'not json {');
    expect(got).toHaveBeenCalledTimes(1);
    stop();
    h.mqtt.deliver(topic, { code: '9020', positions: [] });
    expect(got).toHaveBeenCalledTimes(1);
    h.bridge.close();
  });
});

describe('Fleet', () => {
  it('moves known devices, adds new located ones, keeps the place on a UWB-only fix', () => {
    const fleet = new Fleet();
    fleet.reset([{ imei: 'a', name: 'A', state: 1, lat: 22.5, lon: 114 }]);
    expect(fleet.merge([{ imei: 'a', lat: 22.5, lon: 114, state: 1, ts: 1 }])).toBe(false);
    expect(fleet.merge([{ imei: 'a', lat: 22.6, lon: 114.1, state: 1, ts: 2 }])).toBe(true);
    expect(fleet.merge([{ imei: 'a', x: 3, y: 4, floor: '1', state: 0, ts: 3 }])).toBe(true);
    expect(fleet.merge([{ imei: 'b', x: 3, y: 4, state: 1, ts: 3 }])).toBe(false);
    expect(fleet.merge([{ imei: 'c', lat: 1, lon: 2, state: 2, ts: 3 }])).toBe(true);
    expect(fleet.points()).toEqual([
      { id: 'a', lonLat: [114.1, 22.6], state: 0, label: 'A' },
      { id: 'c', lonLat: [2, 1], state: 2, label: 'c' },
    ]);
    expect(fleet.points('c')).toHaveLength(1);
  });
});
