import { clamp, type Rng } from '../../shared/prng';

/**
 * A bounded mean-reverting random walk (a discrete Ornstein-Uhlenbeck process): what most
 * sensor readings look like between events.
 */
export class Drift {
  value: number;

  constructor(
    private readonly rng: Rng,
    readonly min: number,
    readonly max: number,
    private readonly mean = (min + max) / 2,
    /** Noise per step, as a share of the band. */
    private readonly jitter = 0.05,
  ) {
    this.value = rng.range(min + (mean - min) / 2, max - (max - mean) / 2);
  }

  step(dtS: number): number {
    const pull = Math.min(1, dtS / 120);
    const band = this.max - this.min;
    this.value = clamp(
      this.value + (this.mean - this.value) * pull + this.rng.gauss() * band * this.jitter,
      this.min,
      this.max,
    );
    return this.value;
  }
}
