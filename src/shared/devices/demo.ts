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
  /** IMEI of the 4G gateway it reaches the platform through (breakers and sensors of the fire and community sites). */
  gateway?: string;
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
/** How far a device's home lies from its site's centre at most, metres (0.0009 degrees of latitude). */
export const DEMO_HOME_SPREAD_M = 100;

/** Which of a site's two gateways a kind sits behind: breakers the first, the sensors the second. */
const GATEWAY_OF: Partial<Record<DeviceKind, number>> = { breaker: 0, gas: 1, waterPressure: 1 };

const demoImei = (n: number) => `86${String(100000000000 + n).padStart(13, '0')}`;

/**
 * 2 devices of every kind in every scenario it belongs to. The 4G gateways come last (numbered
 * after everything else, so the IMEIs of the other devices stay what they were before gateways).
 */
export function demoFleet(): DemoDevice[] {
  const out: DemoDevice[] = [];
  let n = 0;
  for (const scenario of SIM_SCENARIOS) {
    for (const kind of DEVICE_KINDS) {
      if (kind === 'gateway4g' || !KIND_INFO[kind].scenarios.includes(scenario)) continue;
      for (let i = 0; i < PER_KIND; i++) {
        n++;
        const site = SCENARIO_SITES[scenario];
        // A small fixed spread (about 100 m) so markers do not sit on top of each other.
        const angle = (n * 137.5 * Math.PI) / 180;
        out.push({
          imei: demoImei(n),
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
  for (const scenario of KIND_INFO.gateway4g.scenarios) {
    const site = SCENARIO_SITES[scenario];
    const gateways = [0, 1].map((i) => {
      n++;
      const g: DemoDevice = {
        imei: demoImei(n),
        kind: 'gateway4g',
        scenario,
        name: `${KIND_INFO.gateway4g.en} ${site.en} ${i + 1}`,
        lat: Number((site.lat - 0.0004 + 0.0008 * i).toFixed(6)),
        lon: Number((site.lon - 0.0006).toFixed(6)),
        messageType: 'json',
      };
      return g;
    });
    for (const d of out) {
      const which = GATEWAY_OF[d.kind];
      if (d.scenario === scenario && which !== undefined) d.gateway = gateways[which]!.imei;
    }
    out.push(...gateways);
  }
  return out;
}
