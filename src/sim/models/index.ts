import { readingBands } from '../../shared/devices/demo';
import { KIND_INFO, type DeviceKind, type Metric, type SimScenario } from '../../shared/devices/kinds';
import { round, type Rng } from '../../shared/prng';
import { Drift } from './drift';
import { gpsMotion, jfFix, uwbMotion, type Fix } from '../../shared/devices/motion';
import { DRAIN, Power } from './power';
import { Vitals } from './vitals';

export type { Fix } from '../../shared/devices/motion';
export type Values = Partial<Record<Metric, number>>;

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
    const table = readingBands(scenario);
    for (const m of info.metrics) {
      const b = table[m];
      if (b)
        this.sensors.set(m, {
          drift: new Drift(rng, b.min, b.max, b.mean, m === 'gas' || m === 'smoke' ? 0.03 : 0.05),
          digits: b.digits,
        });
    }
    if (info.moves) this.motion = kind === 'uwbTag' ? uwbMotion(rng) : gpsMotion(rng, home, scenario);
    // Locators are the JF kind: some of their fixes come from cell towers or Wi-Fi.
    const walk = this.motion;
    if (kind === 'locator' && walk)
      this.motion = (dtS) => {
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
    if (all.voltage !== undefined && all.current !== undefined)
      all.power = Math.round(all.voltage * all.current * POWER_FACTOR);
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
