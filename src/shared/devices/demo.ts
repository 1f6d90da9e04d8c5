/**
 * The demo site's fleet: seeded into "Demo Site" outside production and driven by the simulator
 * (`npm run sim`, and in-process by `npm start` unless SIM=0). IMEIs are stable so tests and
 * README examples can name them.
 */
import { DEVICE_KINDS, KIND_INFO, SIM_SCENARIOS, type DeviceKind, type SimScenario } from './kinds';

export interface DemoDevice {
  imei: string;
  kind: DeviceKind;
  scenario: SimScenario;
  name: string;
  /** Home position (WGS-84) the device moves around or sits at. */
  lat: number;
  lon: number;
  messageType: 'json' | 'cbor';
}

/**
 * Scenario sites around the map's default centre (docs/requirements/realtime-map-and-tracks.md#map-component: 114.06,
 * 22.54).
 */
export const SCENARIO_SITES: Record<SimScenario, { lat: number; lon: number; cn: string; en: string }> = {
  construction: { lat: 22.5431, lon: 114.0579, cn: '工地', en: 'Construction site' },
  fire: { lat: 22.5362, lon: 114.0521, cn: '消防', en: 'Fire protection' },
  community: { lat: 22.5489, lon: 114.0663, cn: '社区', en: 'Community' },
  campus: { lat: 22.5335, lon: 114.0702, cn: '校园', en: 'Campus' },
  supervision: { lat: 22.5512, lon: 114.0498, cn: '监管', en: 'Supervision' },
};

const PER_KIND = 2;

/** 2 devices of every kind in every scenario it belongs to. */
export function demoFleet(): DemoDevice[] {
  const out: DemoDevice[] = [];
  let n = 0;
  for (const scenario of SIM_SCENARIOS) {
    for (const kind of DEVICE_KINDS) {
      if (!KIND_INFO[kind].scenarios.includes(scenario)) continue;
      for (let i = 0; i < PER_KIND; i++) {
        n++;
        const site = SCENARIO_SITES[scenario];
        // A small fixed spread (about 100 m) so markers do not sit on top of each other.
        const angle = (n * 137.5 * Math.PI) / 180;
        out.push({
          imei: `86${String(100000000000 + n).padStart(13, '0')}`,
          kind,
          scenario,
          name: `${KIND_INFO[kind].en} ${site.en} ${i + 1}`,
          lat: Number((site.lat + 0.0009 * Math.sin(angle)).toFixed(6)),
          lon: Number((site.lon + 0.0009 * Math.cos(angle)).toFixed(6)),
          // Every third device speaks CBOR, so both encodings are alive in the demo.
          messageType: n % 3 === 0 ? 'cbor' : 'json',
        });
      }
    }
  }
  return out;
}
