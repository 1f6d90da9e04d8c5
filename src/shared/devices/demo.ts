/**
 * The demo site's fleet: seeded into "Demo Site" outside production and driven by the simulator
 * (`npm run sim`, and in-process by `npm start` unless SIM=0). IMEIs are stable so tests and
 * README examples can name them.
 */
import { DEVICE_KINDS, KIND_INFO, SIM_SCENARIOS, type DeviceKind, type Metric, type SimScenario } from './kinds';
import type { ProtocolName } from '../protocols/types';

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
  /**
   * The market protocol it speaks instead of MQTT (docs/protocols.md): the simulator connects it to
   * that listener. Its `imei` is the identifier the protocol sends (a JT/T 808 terminal's number).
   */
  protocol?: DemoProtocol;
}

/** The device protocols of docs/protocols.md (the service's ProtocolName; shared code cannot import it). */
type DemoProtocol = ProtocolName;

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
  out.push(...protocolDevices(n));
  return out;
}

/**
 * One device of each market protocol, numbered after the gateways: a watch on a monitored person
 * in the community, a GT06 locator and an OsmAnd patrol phone on campus, a JT/T 808 helmet on the
 * construction site, registered under its terminal number (an 11-digit mobile number: the 2013
 * header holds 12 BCD digits); then a TRV health watch on a monitored person in the community, an
 * H02 tracker on campus and a Teltonika tracker in a site vehicle.
 */
function protocolDevices(after: number): DemoDevice[] {
  const plan: { kind: DeviceKind; scenario: SimScenario; protocol: DemoProtocol; name: string }[] = [
    { kind: 'watch', scenario: 'community', protocol: 'watch', name: 'Watch (watch protocol)' },
    { kind: 'locator', scenario: 'campus', protocol: 'gt06', name: 'GT06 locator' },
    { kind: 'helmet', scenario: 'construction', protocol: 'jt808', name: 'JT/T 808 helmet' },
    { kind: 'locator', scenario: 'campus', protocol: 'osmand', name: 'Patrol phone (OsmAnd)' },
    { kind: 'watch', scenario: 'community', protocol: 'trv', name: 'Health watch (IW)' },
    { kind: 'locator', scenario: 'campus', protocol: 'h02', name: 'H02 tracker' },
    { kind: 'locator', scenario: 'construction', protocol: 'teltonika', name: 'Site vehicle (Teltonika)' },
  ];
  return plan.map((p, i) => {
    const n = after + 1 + i;
    const site = SCENARIO_SITES[p.scenario];
    const angle = (n * 137.5 * Math.PI) / 180;
    return {
      // A JT/T 808 terminal is registered under its terminal number (at most 12 digits in the 2013
      // header); not a mobile number's shape, so no screen masks it as a person's phone.
      imei: p.protocol === 'jt808' ? `80${String(n).padStart(10, '0')}` : demoImei(n),
      kind: p.kind,
      scenario: p.scenario,
      name: `${p.name} ${site.en}`,
      lat: Number((site.lat + 0.0009 * Math.sin(angle)).toFixed(6)),
      lon: Number((site.lon + 0.0009 * Math.cos(angle)).toFixed(6)),
      messageType: 'json',
      protocol: p.protocol,
    };
  });
}

// What the demo fleet reads, shared by the simulator (src/sim/models) and the seeded history
// (src/server/db/seed-readings.ts), so the history runs into the live readings.

/** Resting and exertion bands of a healthy adult. */
export const VITALS = {
  heartRate: { min: 60, max: 100, exertionMax: 135 },
  bodyTemp: { min: 36.2, max: 37.2 },
  bloodOxygen: { min: 95, max: 99 },
  systolic: { min: 105, max: 135 },
  diastolic: { min: 65, max: 85 },
} as const;

/** Outdoor sites run warmer than indoor halls. */
const AMBIENT_MEAN: Record<SimScenario, number> = {
  construction: 29,
  fire: 24,
  community: 26,
  campus: 25,
  supervision: 23,
};

export interface ReadingBand {
  min: number;
  max: number;
  mean: number;
  digits: number;
}

/** Environmental and utility readings of a scenario's devices: band, resting level, decimals. */
export function readingBands(scenario: SimScenario): Partial<Record<Metric, ReadingBand>> {
  const t = AMBIENT_MEAN[scenario];
  return {
    ambientTemp: { min: t - 4, max: t + 4, mean: t, digits: 1 },
    humidity: { min: 40, max: 75, mean: 58, digits: 0 },
    // A helmet's altitude follows its wearer up and down the building.
    altitude: { min: 5, max: 45, mean: 15, digits: 1 },
    airQuality: { min: 20, max: 90, mean: 45, digits: 0 },
    odour: { min: 0, max: 12, mean: 3, digits: 0 },
    vocs: { min: 0.03, max: 0.35, mean: 0.12, digits: 2 },
    gas: { min: 0, max: 3, mean: 0.4, digits: 1 },
    smoke: { min: 0, max: 0.05, mean: 0.01, digits: 3 },
    waterPressure: { min: 0.25, max: 0.45, mean: 0.35, digits: 3 },
    voltage: { min: 214, max: 226, mean: 220, digits: 1 },
    current: { min: 0.5, max: 16, mean: 6, digits: 2 },
  };
}
