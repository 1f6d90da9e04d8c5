import type { SimScenario } from './kinds';
import { clamp, round, type Rng } from '../prng';

/** A position as the location message carries it: WGS-84 from GPS, or metres on a UWB floor. */
export type Fix =
  | { source: GeoSource; lat: number; lon: number; speed: number; heading: number; accuracy: number }
  | { source: 'uwb'; x: number; y: number; floor: string; speed: number };

const M_PER_DEG_LAT = 111_320;

/** Where a WGS-84 fix came from: satellites, cell towers (LBS) or Wi-Fi access points. */
export type GeoSource = 'gps' | 'lbs' | 'wifi';

/**
 * JF locators (docs/device-protocol.md "location"): indoors and in cities they often have no
 * satellite fix and report a cell-tower (LBS) or Wi-Fi position instead, with a radius of
 * hundreds of metres (LBS) or tens (Wi-Fi). The reported point is off the true one by up to
 * about half that radius. The simulator's locators and their seeded history use this mix.
 */
export const JF_MIX = {
  lbs: 0.25,
  wifi: 0.25,
  lbsAccuracyM: { min: 300, max: 1500 },
  wifiAccuracyM: { min: 20, max: 80 },
} as const;

export function jfFix(rng: Rng, fix: Extract<Fix, { lat: number }>): Extract<Fix, { lat: number }> {
  const roll = rng.next();
  const source: GeoSource = roll < JF_MIX.lbs ? 'lbs' : roll < JF_MIX.lbs + JF_MIX.wifi ? 'wifi' : 'gps';
  if (source === 'gps') return fix;
  const band = source === 'lbs' ? JF_MIX.lbsAccuracyM : JF_MIX.wifiAccuracyM;
  const accuracy = round(rng.range(band.min, band.max), 0);
  const off = accuracy * 0.5 * Math.sqrt(rng.next());
  const a = rng.range(0, 2 * Math.PI);
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((fix.lat * Math.PI) / 180);
  return {
    ...fix,
    source,
    lat: round(fix.lat + (off * Math.sin(a)) / M_PER_DEG_LAT, 7),
    lon: round(fix.lon + (off * Math.cos(a)) / mPerDegLon, 7),
    speed: 0,
    accuracy,
  };
}

/** The UWB floor plan: a 60 x 40 m hall, origin at a corner. */
export const UWB_FLOOR = { width: 60, height: 40, floor: '1F' } as const;

/** How far a person wanders from home in each scenario (metres): a site, a yard, a campus. */
export const ROAM_RADIUS_M: Record<SimScenario, number> = {
  construction: 120,
  fire: 60,
  community: 150,
  campus: 200,
  supervision: 60,
};

/** Walking speed range, metres per second. */
export const WALK_SPEED = { min: 0.9, max: 1.6 } as const;

interface Point {
  x: number;
  y: number;
}

/**
 * Random-waypoint walk on a local plane in metres: walk to a point at walking speed, sometimes
 * stop a while, pick the next point. `inside` keeps targets on the site.
 */
class Walker {
  pos: Point;
  heading = 0;
  speed = 0;
  private target: Point;
  private pauseS = 0;
  private pace: number;

  constructor(
    private readonly rng: Rng,
    private readonly pick: () => Point,
    start: Point,
  ) {
    this.pos = { ...start };
    this.target = pick();
    this.pace = rng.range(WALK_SPEED.min, WALK_SPEED.max);
  }

  step(dtS: number): void {
    if (this.pauseS > 0) {
      this.pauseS -= dtS;
      this.speed = 0;
      return;
    }
    const dx = this.target.x - this.pos.x;
    const dy = this.target.y - this.pos.y;
    const dist = Math.hypot(dx, dy);
    const reach = this.pace * dtS;
    this.speed = this.pace;
    if (dist > 0) this.heading = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
    if (dist <= reach) {
      this.pos = { ...this.target };
      this.target = this.pick();
      this.pace = this.rng.range(WALK_SPEED.min, WALK_SPEED.max);
      if (this.rng.chance(0.4)) this.pauseS = this.rng.range(10, 90);
    } else {
      this.pos = { x: this.pos.x + (dx / dist) * reach, y: this.pos.y + (dy / dist) * reach };
    }
  }
}

/** A person walking around a WGS-84 home within the scenario's radius. */
export function gpsMotion(rng: Rng, home: { lat: number; lon: number }, scenario: SimScenario): (dtS: number) => Fix {
  const radius = ROAM_RADIUS_M[scenario];
  const pick = () => {
    const r = radius * Math.sqrt(rng.next());
    const a = rng.range(0, 2 * Math.PI);
    return { x: r * Math.cos(a), y: r * Math.sin(a) };
  };
  const walker = new Walker(rng, pick, { x: 0, y: 0 });
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((home.lat * Math.PI) / 180);
  return (dtS) => {
    walker.step(dtS);
    return {
      source: 'gps',
      lat: round(home.lat + walker.pos.y / M_PER_DEG_LAT, 7),
      lon: round(home.lon + walker.pos.x / mPerDegLon, 7),
      speed: round(walker.speed * 3.6, 1),
      heading: round(clamp(walker.heading, 0, 360), 0),
      accuracy: round(rng.range(3, 12), 0),
    };
  };
}

/** A tag walking on the UWB floor; it never leaves the hall. */
export function uwbMotion(rng: Rng): (dtS: number) => Fix {
  const margin = 1;
  const pick = () => ({
    x: rng.range(margin, UWB_FLOOR.width - margin),
    y: rng.range(margin, UWB_FLOOR.height - margin),
  });
  const walker = new Walker(rng, pick, pick());
  return (dtS) => {
    walker.step(dtS);
    return {
      source: 'uwb',
      x: round(walker.pos.x, 2),
      y: round(walker.pos.y, 2),
      floor: UWB_FLOOR.floor,
      speed: round(walker.speed * 3.6, 1),
    };
  };
}

/** Great-circle distance in metres (tests and sanity checks). */
export function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
