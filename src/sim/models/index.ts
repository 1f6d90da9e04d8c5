import { KIND_INFO, type DeviceKind, type Metric, type SimScenario } from '../../shared/devices/kinds';
import { round, type Rng } from '../../shared/prng';
import { Drift } from './drift';
import { gpsMotion, jfFix, uwbMotion, type Fix } from '../../shared/devices/motion';
import { DRAIN, Power } from './power';
import { Vitals } from './vitals';

export type { Fix } from '../../shared/devices/motion';
export type Values = Partial<Record<Metric, number>>;

/** Outdoor sites run warmer than indoor halls. */
const AMBIENT_MEAN: Record<SimScenario, number> = { construction: 29, fire: 24, community: 26, campus: 25, supervision: 23 };

/** Environmental and utility readings: band, resting level, decimals. */
function bands(scenario: SimScenario): Partial<Record<Metric, { min: number; max: number; mean: number; digits: number }>> {
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

const VITAL_METRICS = new Set<Metric>(['heartRate', 'bodyTemp', 'bloodOxygen', 'systolic', 'diastolic', 'steps']);
const POWER_FACTOR = 0.95;

/**
 * What one device of a kind measures and where it is, advanced in simulated time. Which parts
 * it has (body, battery, walk, sensors) follows KIND_INFO, so every kind gets its own model.
 */
export class DeviceModel {
  readonly metrics: readonly Metric[];
  private readonly power: Power;
  private readonly vitals?: Vitals;
  private readonly sensors = new Map<Metric, { drift: Drift; digits: number }>();
  private readonly motion?: (dtS: number) => Fix;
  private fix?: Fix;

  constructor(
    readonly kind: DeviceKind,
    readonly scenario: SimScenario,
    readonly home: { lat: number; lon: number },
    rng: Rng,
  ) {
    const info = KIND_INFO[kind];
    this.metrics = info.metrics;
    this.power = new Power(rng, info.wearable || info.moves ? DRAIN.wearable : DRAIN.fixed);
    if (info.metrics.some((m) => VITAL_METRICS.has(m))) this.vitals = new Vitals(rng);
    const table = bands(scenario);
    for (const m of info.metrics) {
      const b = table[m];
      if (b) this.sensors.set(m, { drift: new Drift(rng, b.min, b.max, b.mean, m === 'gas' || m === 'smoke' ? 0.03 : 0.05), digits: b.digits });
    }
    if (info.moves) this.motion = kind === 'uwbTag' ? uwbMotion(rng) : gpsMotion(rng, home, scenario);
    // Locators are the JF kind: some of their fixes come from cell towers or Wi-Fi.
    const walk = this.motion;
    if (kind === 'locator' && walk) this.motion = (dtS) => {
      const f = walk(dtS);
      return f.source === 'uwb' ? f : jfFix(rng, f);
    };
    this.fix = this.motion?.(0);
  }

  get moves(): boolean {
    return this.motion !== undefined;
  }

  /** Advances the model by dtS seconds; returns this kind's readings and (if it moves) its position. */
  tick(dtS: number): { values: Values; fix?: Fix } {
    let walked = 0;
    if (this.motion) {
      this.fix = this.motion(dtS);
      walked = (this.fix.speed / 3.6) * dtS;
    }
    this.vitals?.step(dtS, walked);
    this.power.step(dtS);
    for (const s of this.sensors.values()) s.drift.step(dtS);
    return { values: this.values(), fix: this.fix };
  }

  /** The current readings, without advancing. */
  values(): Values {
    const all: Values = { ...this.vitals?.values(), ...this.power.values() };
    for (const [m, s] of this.sensors) all[m] = round(s.drift.value, s.digits);
    if (all.voltage !== undefined && all.current !== undefined) all.power = Math.round(all.voltage * all.current * POWER_FACTOR);
    const out: Values = {};
    for (const m of this.metrics) if (all[m] !== undefined) out[m] = all[m];
    return out;
  }

  /** Where it is now: the last walked position, or home for fixed devices. */
  position(): Fix {
    return this.fix ?? { source: 'gps', lat: this.home.lat, lon: this.home.lon, speed: 0, heading: 0, accuracy: 5 };
  }

  get battery(): number {
    return Math.round(this.power.battery);
  }

  get signal(): number {
    return this.power.signal;
  }
}
