import { describe, expect, it } from 'vitest';
import {
  distanceM,
  fenceBBox,
  FENCE_SHAPE,
  insideFence,
  type FenceGeometry,
  type LonLat,
} from '../../src/shared/geo/fence';
import { fenceAddBody, ringSchema } from '../../src/shared/geo/fence-schema';

const circle = (lon: number, lat: number, radius: number): FenceGeometry => ({
  id: 1,
  shape: FENCE_SHAPE.circle,
  lon,
  lat,
  radius,
  points: null,
});
const polygon = (points: LonLat[]): FenceGeometry => ({
  id: 2,
  shape: FENCE_SHAPE.polygon,
  lon: points[0]![0],
  lat: points[0]![1],
  radius: null,
  points,
});
/** A point `m` metres north of (lon, lat). */
const north = (lon: number, lat: number, m: number): LonLat => [lon, lat + m / 111_195];

describe('circles', () => {
  const c = circle(114.06, 22.54, 100);
  it('is inside within the radius and outside beyond it', () => {
    expect(insideFence(c, [114.06, 22.54])).toBe(true);
    expect(insideFence(c, north(114.06, 22.54, 99))).toBe(true);
    expect(insideFence(c, north(114.06, 22.54, 101))).toBe(false);
    expect(insideFence(c, [114.07, 22.54])).toBe(false);
  });

  it('counts a point on the boundary as inside', () => {
    const p = north(114.06, 22.54, 100);
    const onIt = circle(114.06, 22.54, distanceM([114.06, 22.54], p));
    expect(insideFence(onIt, p)).toBe(true);
  });

  it('measures great-circle distances (1 degree of latitude is about 111.2 km)', () => {
    expect(distanceM([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    expect(distanceM([114.06, 22.54], [114.06, 22.54])).toBe(0);
  });

  it('has a bounding box that holds the circle', () => {
    const [minX, minY, maxX, maxY] = fenceBBox(c);
    for (const p of [north(114.06, 22.54, 99.9), north(114.06, 22.54, -99.9)]) {
      expect(p[1] > minY && p[1] < maxY).toBe(true);
    }
    expect(minX < 114.06 && maxX > 114.06).toBe(true);
  });

  it('has a box that holds even the largest circle up to its edge', () => {
    const big = circle(114.06, 22.54, 50_000);
    const [minX, minY, maxX, maxY] = fenceBBox(big);
    const edgeN = north(114.06, 22.54, 49_990);
    expect(insideFence(big, edgeN)).toBe(true);
    expect(edgeN[1] < maxY).toBe(true);
    const dLon = 49_990 / 111_195 / Math.cos((22.54 * Math.PI) / 180);
    expect(insideFence(big, [114.06 + dLon, 22.54])).toBe(true);
    expect(114.06 + dLon < maxX && 114.06 - dLon > minX && 22.54 - (edgeN[1] - 22.54) > minY).toBe(true);
  });
});

describe('polygons', () => {
  const square: LonLat[] = [
    [114, 22],
    [114.01, 22],
    [114.01, 22.01],
    [114, 22.01],
  ];
  // An L shape: the notch at the top right is outside.
  const concave: LonLat[] = [
    [0, 0],
    [2, 0],
    [2, 1],
    [1, 1],
    [1, 2],
    [0, 2],
  ];

  it('tells inside from outside', () => {
    expect(insideFence(polygon(square), [114.005, 22.005])).toBe(true);
    expect(insideFence(polygon(square), [114.02, 22.005])).toBe(false);
    expect(insideFence(polygon(square), [113.99, 21.99])).toBe(false);
  });

  it('counts edges and vertices as inside', () => {
    for (const p of [...square, [114.005, 22] as LonLat, [114.01, 22.005] as LonLat, [114, 22.003] as LonLat]) {
      expect(insideFence(polygon(square), p), String(p)).toBe(true);
    }
  });

  it('handles concave rings', () => {
    expect(insideFence(polygon(concave), [0.5, 1.5])).toBe(true);
    expect(insideFence(polygon(concave), [1.5, 0.5])).toBe(true);
    expect(insideFence(polygon(concave), [1.5, 1.5])).toBe(false);
    expect(insideFence(polygon(concave), [1, 1.5])).toBe(true);
  });

  it('has the ring extent as its bounding box', () => {
    expect(fenceBBox(polygon(concave))).toEqual([0, 0, 2, 2]);
  });
});

describe('ring validation', () => {
  const issue = (ring: unknown) => {
    const r = ringSchema.safeParse(ring);
    return r.success ? undefined : r.error.issues[0]!.message;
  };

  it('accepts a ring, closed or open', () => {
    expect(
      issue([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBeUndefined();
    expect(
      issue([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBeUndefined();
  });

  it('refuses too few points, also when repeated', () => {
    expect(
      issue([
        [0, 0],
        [1, 0],
      ]),
    ).toBe('polygonTooFewPoints');
    expect(
      issue([
        [0, 0],
        [1, 0],
        [0, 0],
      ]),
    ).toBe('polygonTooFewPoints');
  });

  it('refuses a ring that crosses itself (a bow tie)', () => {
    expect(
      issue([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe('polygonSelfIntersects');
  });

  it('refuses invalid coordinates', () => {
    expect(
      issue([
        [181, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBe('lonInvalid');
    expect(
      issue([
        [0, -91],
        [1, 0],
        [1, 1],
      ]),
    ).toBe('latInvalid');
    expect(
      issue([
        [Number.NaN, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBeDefined();
    expect(
      issue([
        ['1', 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBeDefined();
  });

  it('refuses rings with holes (nested arrays of rings)', () => {
    const outer = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    const hole = [
      [1, 1],
      [2, 1],
      [2, 2],
    ];
    expect(issue([outer, hole])).toBeDefined();
    expect(
      issue([
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      ]),
    ).toBeDefined();
  });
});

describe('fence bodies', () => {
  const base = { name: 'Gate', type: 1, shape: 0, radius: 100, longitude: 114.06, latitude: 22.54 };
  const keys = (body: unknown) => {
    const r = fenceAddBody.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('takes a circle and a polygon, enabled by default', () => {
    expect(fenceAddBody.parse(base).status).toBe(1);
    expect(
      keys({
        name: 'Yard',
        type: 0,
        shape: 1,
        points: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      }),
    ).toEqual([]);
  });

  it('requires the name, and what the shape needs', () => {
    expect(keys({ ...base, name: '  ' })).toEqual(['name:fenceNameRequired']);
    expect(keys({ name: 'x', type: 1, shape: 0 })).toEqual([
      'radius:required',
      'longitude:required',
      'latitude:required',
    ]);
    expect(keys({ name: 'x', type: 1, shape: 1 })).toEqual(['points:required']);
    expect(keys({ ...base, longitude: 200 })).toEqual(['longitude:lonInvalid']);
    expect(keys({ ...base, radius: 0 })).toEqual(['radius:tooSmall']);
    expect(keys({ ...base, type: 2 })).not.toEqual([]);
  });
});
