import { VITALS } from '../../shared/devices/demo';
import { clamp, round, type Rng } from '../../shared/prng';

/** Metres per step of an adult walking. */
const STRIDE_M = 0.7;

/**
 * One wearer's body: a heart-rate random walk with now and then a few minutes of exertion
 * (climbing, running), slow temperature drift, SpO2 and blood pressure near their norms, and
 * a step counter fed by the distance walked.
 */
export class Vitals {
  heartRate: number;
  bodyTemp: number;
  bloodOxygen: number;
  systolic: number;
  diastolic: number;
  steps = 0;
  /** Seconds of exertion left. */
  exertionS = 0;
  private stepCarry = 0;

  constructor(private readonly rng: Rng) {
    this.heartRate = rng.range(66, 84);
    this.bodyTemp = rng.range(36.4, 36.9);
    this.bloodOxygen = rng.range(96, 98.5);
    this.systolic = rng.range(110, 125);
    this.diastolic = rng.range(70, 80);
  }

  step(dtS: number, walkedM: number): void {
    const r = this.rng;
    // About one bout of exertion per 20 minutes.
    if (this.exertionS <= 0 && r.chance(Math.min(1, dtS / 1200))) this.exertionS = r.range(60, 240);
    const exerting = this.exertionS > 0;
    this.exertionS = Math.max(0, this.exertionS - dtS);

    const hr = VITALS.heartRate;
    const target = exerting ? 122 : 74;
    const pull = Math.min(1, dtS / 30);
    this.heartRate = clamp(
      this.heartRate + (target - this.heartRate) * pull * 0.5 + r.gauss() * 3,
      hr.min,
      exerting ? hr.exertionMax : hr.max,
    );
    this.bodyTemp = clamp(
      this.bodyTemp + r.gauss() * 0.03 + (exerting ? 0.01 : (36.7 - this.bodyTemp) * 0.05),
      VITALS.bodyTemp.min,
      VITALS.bodyTemp.max,
    );
    this.bloodOxygen = clamp(this.bloodOxygen + r.gauss() * 0.3, VITALS.bloodOxygen.min, VITALS.bloodOxygen.max);
    const bp = exerting ? 12 : 0;
    this.systolic = clamp(
      this.systolic + (118 + bp - this.systolic) * 0.2 + r.gauss() * 2,
      VITALS.systolic.min,
      VITALS.systolic.max,
    );
    this.diastolic = clamp(
      this.diastolic + (76 + bp / 2 - this.diastolic) * 0.2 + r.gauss() * 1.5,
      VITALS.diastolic.min,
      VITALS.diastolic.max,
    );

    // Steps: the walk, plus a little shuffling on the spot.
    this.stepCarry += walkedM / STRIDE_M + (r.chance(0.3) ? r.range(0, 3) : 0);
    const whole = Math.floor(this.stepCarry);
    this.steps += whole;
    this.stepCarry -= whole;
  }

  values() {
    return {
      heartRate: Math.round(this.heartRate),
      bodyTemp: round(this.bodyTemp, 1),
      bloodOxygen: Math.round(this.bloodOxygen),
      systolic: Math.round(this.systolic),
      diastolic: Math.round(this.diastolic),
      steps: this.steps,
    };
  }
}
