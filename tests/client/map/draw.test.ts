import { describe, expect, it } from 'vitest';
import { distanceM, insideFence, type LonLat } from '../../../src/shared/geo/fence';
import {
  circleRing,
  destination,
  hitHandle,
  radiusHandle,
  radiusTo,
} from '../../../src/client/map/maplibre/draw-geometry';
import { DrawSession, type DrawPoint } from '../../../src/client/map/maplibre/draw-session';

// 1 px = 1e-5 degrees (about a metre) around Shenzhen; y grows southwards like a screen.
const project = (p: LonLat): [number, number] => [(p[0] - 114) * 1e5, (22.6 - p[1]) * 1e5];
const pt = (x: number, y: number): DrawPoint => ({ px: [x, y], lonLat: [114 + x / 1e5, 22.6 - y / 1e5] });
const C: LonLat = [114.06, 22.54];

describe('draw geometry', () => {
  it('destination and circle ring lie at the radius', () => {
    expect(distanceM(C, destination(C, 37, 250))).toBeCloseTo(250, 3);
    const ring = circleRing(C, 100);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const p of ring) expect(distanceM(C, p)).toBeCloseTo(100, 3);
    // The drawn outline agrees with the service's evaluation.
    expect(
      insideFence({ id: 1, shape: 0, lon: C[0], lat: C[1], radius: 100, points: null }, destination(C, 10, 99)),
    ).toBe(true);
  });

  it('radius from a drag is whole metres and never zero; handle sits east', () => {
    expect(radiusTo(C, destination(C, 200, 123.4))).toBe(123);
    expect(radiusTo(C, C)).toBe(1);
    const h = radiusHandle(C, 100);
    expect(h[1]).toBeCloseTo(C[1], 6);
    expect(h[0]).toBeGreaterThan(C[0]);
  });

  it('hits the nearest handle within 10 px', () => {
    expect(
      hitHandle(
        [
          [0, 0],
          [30, 0],
        ],
        [26, 3],
      ),
    ).toBe(1);
    expect(hitHandle([[0, 0]], [11, 0])).toBe(-1);
  });
});

describe('circle tool', () => {
  it('a press then a click sets centre and radius', () => {
    const s = new DrawSession('circle', undefined, project);
    expect(s.down(pt(100, 100))).toBe(true);
    s.up(pt(100, 100));
    s.click(pt(100, 100)); // the press's own click: not a radius
    expect(s.done).toBeNull();
    expect(s.shape()).toMatchObject({ kind: 'circle', radiusM: 100 });
    s.click(pt(100, 150));
    expect(s.done).toMatchObject({ kind: 'circle', center: [114.001, 22.599] });
    expect((s.done as { radiusM: number }).radiusM).toBeCloseTo(distanceM([114.001, 22.599], pt(100, 150).lonLat), 0);
  });

  it('a drag from the centre sets the radius and ends; finish keeps the 100 m default', () => {
    const s = new DrawSession('circle', undefined, project);
    s.down(pt(0, 0));
    expect(s.capturing).toBe(true);
    s.move(pt(2, 0)); // within the click slop: still 100
    expect(s.shape()).toMatchObject({ radiusM: 100 });
    s.up(pt(0, 80));
    expect(s.done).toMatchObject({ kind: 'circle' });
    expect((s.done as { radiusM: number }).radiusM).toBeGreaterThan(80);

    const d = new DrawSession('circle', undefined, project);
    expect(d.finish()).toBe(false); // nothing drawn yet
    d.down(pt(0, 0));
    d.up(pt(0, 0));
    expect(d.finish()).toBe(true);
    expect(d.done).toMatchObject({ radiusM: 100 });
  });

  it('edits an initial circle: drag the centre, then the radius handle', () => {
    const s = new DrawSession('circle', { kind: 'circle', center: [114.001, 22.599], radiusM: 50 }, project);
    expect(s.editing).toBe(true);
    s.click(pt(500, 500)); // clicks do nothing while editing
    expect(s.done).toBeNull();
    expect(s.down(pt(100, 100))).toBe(true);
    s.move(pt(120, 100));
    s.up(pt(120, 100));
    expect(s.shape()).toMatchObject({ center: [114.0012, 22.599], radiusM: 50 });
    const [hx, hy] = project(radiusHandle([114.0012, 22.599], 50));
    expect(s.down(pt(hx, hy))).toBe(true);
    s.up(pt(hx + 40, hy));
    expect(s.finish()).toBe(true);
    expect((s.done as { radiusM: number }).radiusM).toBeGreaterThan(85);
    expect(s.down(pt(500, 500))).toBe(false); // presses away from handles pan the map
  });
});

describe('polygon tool', () => {
  it('clicks vertices and closes on the first vertex', () => {
    const s = new DrawSession('polygon', undefined, project);
    s.click(pt(0, 0));
    s.click(pt(100, 0));
    s.click(pt(100, 0)); // second click of a double-click: no duplicate
    s.move(pt(50, 60));
    expect(s.features().line).toHaveLength(3);
    s.click(pt(100, 100));
    s.click(pt(3, 2));
    expect(s.done).toEqual({ kind: 'polygon', ring: [pt(0, 0).lonLat, pt(100, 0).lonLat, pt(100, 100).lonLat] });
  });

  it('double-click finishes only with three vertices', () => {
    const s = new DrawSession('polygon', undefined, project);
    s.click(pt(0, 0));
    s.click(pt(100, 0));
    s.dblclick();
    expect(s.done).toBeNull();
    s.click(pt(0, 100));
    s.dblclick();
    expect(s.done).toMatchObject({ kind: 'polygon' });
    expect((s.done as { ring: LonLat[] }).ring).toHaveLength(3);
  });

  it('edits an initial (closed) ring by dragging a vertex', () => {
    const ring = [pt(0, 0).lonLat, pt(100, 0).lonLat, pt(100, 100).lonLat, pt(0, 0).lonLat];
    const s = new DrawSession('polygon', { kind: 'polygon', ring }, project);
    expect(s.features().handles).toHaveLength(3);
    expect(s.down(pt(101, 99))).toBe(true);
    s.move(pt(150, 150));
    s.up(pt(150, 150));
    s.finish();
    expect(s.done).toEqual({ kind: 'polygon', ring: [ring[0], ring[1], pt(150, 150).lonLat] });
  });

  it('an initial shape of the other kind starts a fresh drawing', () => {
    const s = new DrawSession('polygon', { kind: 'circle', center: C, radiusM: 10 }, project);
    expect(s.editing).toBe(false);
    expect(s.shape()).toBeNull();
  });
});
