import { describe, expect, it } from 'vitest';
import { KIND_INFO, SIM_SCENARIOS, SIMULATED_KINDS, type DeviceKind } from '../../src/shared/devices/kinds';
import { demoFleet } from '../../src/shared/devices/demo';
import { STATE_METRICS } from '../../src/sim/breaker';
import { DeviceModel } from '../../src/sim/models';
import {
  metresBetween,
  ROAM_RADIUS_M,
  UWB_FLOOR,
  WALK_SPEED,
  type Fix,
  type GeoSource,
} from '../../src/shared/devices/motion';
import { Vitals } from '../../src/sim/models/vitals';
import { createRng } from '../../src/shared/prng';

const HOME = { lat: 22.5431, lon: 114.0579 };

function run(kind: DeviceKind, seed: number, steps: number, dtS = 10) {
  const model = new DeviceModel(kind, KIND_INFO[kind].scenarios[0]!, HOME, createRng(seed));
  return Array.from({ length: steps }, () => model.tick(dtS));
}

describe('device models', () => {
  it('report exactly the measured metrics of their kind, every one a finite number', () => {
    for (const kind of SIMULATED_KINDS) {
      const [first] = run(kind, 1, 1);
      // Switch, lock and relay figures are state the brain adds (src/sim/breaker.ts, sim-breaker.test.ts).
      const measured = KIND_INFO[kind].metrics.filter((m) => !STATE_METRICS.includes(m));
      expect(Object.keys(first!.values).sort(), kind).toEqual([...measured].sort());
      for (const v of Object.values(first!.values)) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('replay the same values and paths for the same seed, and differ for another', () => {
    expect(run('helmet', 42, 50)).toEqual(run('helmet', 42, 50));
    expect(run('helmet', 42, 50)).not.toEqual(run('helmet', 43, 50));
  });

  it('keep readings in plausible bands over a simulated day', () => {
    const seen: Record<string, number[]> = {};
    for (const kind of SIMULATED_KINDS) {
      for (const s of run(kind, 7, 8640)) for (const [m, v] of Object.entries(s.values)) (seen[m] ??= []).push(v);
    }
    const within = (m: string, min: number, max: number) => {
      expect(Math.min(...seen[m]!), m).toBeGreaterThanOrEqual(min);
      expect(Math.max(...seen[m]!), m).toBeLessThanOrEqual(max);
    };
    within('heartRate', 60, 135);
    within('bodyTemp', 36.2, 37.2);
    within('bloodOxygen', 95, 99);
    within('systolic', 100, 140);
    within('diastolic', 60, 90);
    within('smoke', 0, 0.05);
    within('gas', 0, 3);
    within('waterPressure', 0.25, 0.45);
    within('voltage', 210, 230);
    within('signal', 2, 4);
    within('battery', 0, 100);
    within('odour', 0, 100);
    within('humidity', 0, 100);
    // Power follows voltage times current.
    const breaker = run('breaker', 3, 1)[0]!.values;
    expect(breaker.power).toBeCloseTo(breaker.voltage! * breaker.current! * 0.95, -1);
  });

  it('rests at 60-100 bpm and climbs only during exertion', () => {
    const v = new Vitals(createRng(5));
    let exerted = false;
    let restingMax = 0;
    for (let i = 0; i < 5000; i++) {
      v.step(10, 5);
      if (v.exertionS > 0) exerted = true;
      else restingMax = Math.max(restingMax, v.heartRate);
    }
    expect(exerted).toBe(true);
    // Just after a bout the rate may still be coming down (above 100); never above the exertion cap.
    expect(restingMax).toBeLessThanOrEqual(135);
  });

  it('counts steps upwards and drains then recharges a wearable battery', () => {
    const samples = run('wristband', 11, 8640);
    const steps = samples.map((s) => s.values.steps!);
    expect(steps.every((s, i) => i === 0 || s >= steps[i - 1]!)).toBe(true);
    expect(steps.at(-1)!).toBeGreaterThan(1000);
    const battery = samples.map((s) => s.values.battery!);
    const drops = battery.filter((b, i) => i > 0 && b < battery[i - 1]!).length;
    const rises = battery.filter((b, i) => i > 0 && b > battery[i - 1]!).length;
    expect(drops).toBeGreaterThan(0);
    expect(rises).toBeGreaterThan(0);
  });

  it('walks wearables around home within the site at walking speed; fixed devices stay put', () => {
    const fleet = demoFleet();
    for (const d of fleet.filter((d) => !KIND_INFO[d.kind].moves)) {
      const model = new DeviceModel(d.kind, d.scenario, d, createRng(9));
      for (let i = 0; i < 500; i++) expect(model.tick(10).fix).toBeUndefined();
    }
    for (const d of fleet.filter((d) => KIND_INFO[d.kind].moves)) {
      const model = new DeviceModel(d.kind, d.scenario, d, createRng(9));
      let prev = model.position();
      let ticks = 0;
      /** Cell and Wi-Fi fixes (JF locators): off by up to their accuracy radius by design. */
      const coarse: Extract<Fix, { source: GeoSource }>[] = [];
      for (let i = 0; i < 500; i++) {
        const { fix } = model.tick(10);
        ticks++;
        expect(fix).toBeDefined();
        if (fix!.source === 'uwb' || prev.source === 'uwb') continue;
        if (fix!.source === 'lbs' || fix!.source === 'wifi') {
          coarse.push(fix!);
          continue;
        }
        expect(metresBetween(d, fix!)).toBeLessThanOrEqual(ROAM_RADIUS_M[d.scenario] + 1);
        expect(metresBetween(prev, fix!)).toBeLessThanOrEqual(WALK_SPEED.max * 10 * ticks + 0.5);
        expect(fix!.speed).toBeLessThanOrEqual(WALK_SPEED.max * 3.6 + 0.1);
        prev = fix!;
        ticks = 0;
      }
      for (const fix of coarse) {
        expect(fix.accuracy).toBeGreaterThan(0);
        expect(metresBetween(d, fix)).toBeLessThanOrEqual(ROAM_RADIUS_M[d.scenario] + fix.accuracy + 1);
      }
    }
  });

  it('moves somewhere, not nowhere', () => {
    const fixes = run('ankle', 2, 200).map((s) => s.fix!);
    const far = Math.max(...fixes.map((f) => (f.source === 'gps' ? metresBetween(HOME, f) : 0)));
    expect(far).toBeGreaterThan(10);
  });

  it('keeps UWB tags on the 60 x 40 m floor, in metres rather than degrees', () => {
    for (const seed of [1, 2, 3]) {
      let prev: { x: number; y: number } | undefined;
      for (const s of run('uwbTag', seed, 2000, 5)) {
        const f = s.fix!;
        expect(f.source).toBe('uwb');
        if (f.source !== 'uwb') continue;
        expect(f.floor).toBe('1F');
        expect(f.x).toBeGreaterThanOrEqual(0);
        expect(f.x).toBeLessThanOrEqual(UWB_FLOOR.width);
        expect(f.y).toBeGreaterThanOrEqual(0);
        expect(f.y).toBeLessThanOrEqual(UWB_FLOOR.height);
        // The first fix has no step before it.
        const step = prev ? Math.hypot(f.x - prev.x, f.y - prev.y) : 0;
        expect(step).toBeLessThanOrEqual(WALK_SPEED.max * 5 + 0.05);
        prev = f;
      }
    }
  });

  it('covers every scenario of the simulator', () => {
    for (const scenario of SIM_SCENARIOS)
      expect(() => new DeviceModel('watch', scenario, HOME, createRng(1)).tick(10)).not.toThrow();
  });
});
