import { clamp, type Rng } from '../../shared/prng';

/** Percent per second: a wearable lasts a few hours, a fixed sensor for many days. */
export const DRAIN = { wearable: 0.006, fixed: 0.0005 } as const;
const CHARGE_PER_S = 0.05;
/** A wearer puts the device on its charger at this level. */
const CHARGE_AT = 15;

/** Battery (draining, then recharging on the charger) and signal bars (2-4, fluctuating). */
export class Power {
  battery: number;
  signal: number;
  charging = false;

  constructor(
    private readonly rng: Rng,
    private readonly drainPerS: number,
  ) {
    this.battery = rng.range(45, 100);
    this.signal = rng.int(2, 4);
  }

  step(dtS: number): void {
    if (this.charging) {
      this.battery = Math.min(100, this.battery + CHARGE_PER_S * dtS);
      if (this.battery >= 100) this.charging = false;
    } else {
      this.battery = Math.max(0, this.battery - this.drainPerS * dtS * this.rng.range(0.8, 1.2));
      if (this.battery <= CHARGE_AT) this.charging = true;
    }
    if (this.rng.chance(Math.min(1, dtS / 30)))
      this.signal = clamp(this.signal + (this.rng.chance(0.5) ? 1 : -1), 2, 4);
  }

  values() {
    return { battery: Math.round(this.battery), signal: this.signal };
  }
}
