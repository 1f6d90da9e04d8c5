import type { LiveBridge } from '../../../src/client/live/bridge';
import type { UwbTag } from '../../../src/shared/indoor';
import { mockApi, type Call } from '../devices/mockApi';

export const MAP = { id: 1, title: 'Hall', width: 60, height: 40, floor: '1F', picture: '/indoor/demo-floor.svg' };
export const DRAWING = {
  id: 3,
  project: 'Demo construction site',
  building: 'A',
  unit: '1',
  floor: '1F',
  picture: null,
  kind: 'uwb',
  indoorMapId: 1,
};
export const STATIONS = [
  {
    id: 11,
    name: 'North-west corner',
    code: 'A1',
    x: 1,
    y: 1,
    z: 3,
    status: 2,
    floor: '1F',
    drawingId: 3,
    indoorMapId: 1,
  },
  { id: 12, name: 'Hall centre', code: 'A5', x: 30, y: 20, z: 3, status: 0, floor: '1F', drawingId: 3, indoorMapId: 1 },
];

/** The indoor API of the demo floor; `tags` is read on every poll, so a test can move them. */
export function mockIndoorApi(tags: { current: UwbTag[] }, calls: Call[] = []): Call[] {
  return mockApi(
    {
      '/api/device/indoorMap/list': { rows: [MAP], total: 1 },
      '/api/device/drawing/list': { rows: [DRAWING], total: 1 },
      '/api/device/uwbBaseStation/list': { rows: STATIONS, total: STATIONS.length },
      '/api/device/indoor/tags': () => tags.current,
      '/api/device/uwbBaseStation/update': (body: unknown) => ({ ...STATIONS[0], ...(body as object) }),
    },
    calls,
  );
}

/** A bridge that hands topic messages to the test instead of a broker. */
export function fakeBridge() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const subscribed: string[] = [];
  const bridge: LiveBridge = {
    status: 'connected',
    on: () => () => undefined,
    publish: () => true,
    subscribe: (topic) => void subscribed.push(topic),
    unsubscribe: (topic) => void subscribed.splice(subscribed.indexOf(topic), 1),
    onTopic: (topic, listener) => {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set.add(listener));
      return () => set.delete(listener);
    },
    close: () => undefined,
  };
  const push = (topic: string, payload: unknown) => listeners.get(topic)?.forEach((l) => l(payload));
  return { bridge, push, subscribed };
}
