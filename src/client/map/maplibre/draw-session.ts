/**
 * The drawing tools as a pure state machine: the MapLibre glue (draw.ts) feeds it pointer events
 * with both the map point and the screen pixel, renders `features()` and resolves on `done`.
 * Kept free of MapLibre so the rules (what a click, a drag or a double-click means) are unit-tested.
 *
 * Circle: press the centre (radius 100 m), then click for the radius or drag from the centre;
 * afterwards the centre and the radius handle can be dragged. Polygon: click vertices; double-click
 * or a click on the first vertex closes it; placed vertices can be dragged. An initial shape starts
 * in edit mode, finished with `finish()` (the toolbar's button or Enter).
 */
import { FENCE_DEFAULTS, openRing, type LonLat } from '../../../shared/geo/fence';
import type { DrawnShape } from '../types';
import {
  CLICK_SLOP_PX,
  circleRing,
  hitHandle,
  pxDistance,
  radiusHandle,
  radiusTo,
  roundLonLat,
  type Px,
} from './draw-geometry';

export interface DrawPoint {
  lonLat: LonLat;
  px: Px;
}

type Phase = 'center' | 'radius' | 'vertices' | 'edit';
type Drag = { target: 'center' | 'radius' | 'newRadius' | 'vertex'; index: number; from: Px; moved: boolean };

export interface DrawFeatures {
  /** Closed ring of the filled area, when there is one. */
  area: LonLat[] | null;
  /** Open line of a polygon being drawn (rubber band to the pointer). */
  line: LonLat[] | null;
  handles: LonLat[];
}

export class DrawSession {
  private phase: Phase;
  private center: LonLat | null = null;
  private radiusM: number = FENCE_DEFAULTS.radius;
  private ring: LonLat[] = [];
  private cursor: LonLat | null = null;
  private drag: Drag | null = null;
  /** The finished shape, once the session is over. */
  done: DrawnShape | null = null;

  constructor(
    readonly kind: 'circle' | 'polygon',
    initial: DrawnShape | undefined,
    private readonly project: (p: LonLat) => Px,
  ) {
    if (initial?.kind === 'circle' && kind === 'circle') {
      this.center = initial.center;
      this.radiusM = initial.radiusM > 0 ? initial.radiusM : FENCE_DEFAULTS.radius;
      this.phase = 'edit';
    } else if (initial?.kind === 'polygon' && kind === 'polygon' && initial.ring.length >= 3) {
      this.ring = openRing(initial.ring);
      this.phase = 'edit';
    } else this.phase = kind === 'circle' ? 'center' : 'vertices';
  }

  /** True while a press is captured: the glue then keeps the map from panning. */
  get capturing(): boolean {
    return this.drag !== null;
  }

  get editing(): boolean {
    return this.phase === 'edit';
  }

  /** Returns true when the press is taken by the tool (the map must not pan). */
  down(at: DrawPoint): boolean {
    if (this.done) return false;
    if (this.phase === 'center') {
      this.center = at.lonLat;
      this.radiusM = FENCE_DEFAULTS.radius;
      this.drag = { target: 'newRadius', index: 0, from: at.px, moved: false };
      return true;
    }
    const i = hitHandle(this.handles().map(this.project), at.px);
    if (i < 0) return false;
    const target = this.kind === 'polygon' ? 'vertex' : i === 0 ? 'center' : 'radius';
    this.drag = { target, index: i, from: at.px, moved: false };
    return true;
  }

  move(at: DrawPoint): void {
    this.cursor = at.lonLat;
    const drag = this.drag;
    if (!drag) return;
    if (!drag.moved && pxDistance(drag.from, at.px) < CLICK_SLOP_PX) return;
    drag.moved = true;
    if (drag.target === 'center') this.center = at.lonLat;
    else if (drag.target === 'vertex') this.ring[drag.index] = at.lonLat;
    else if (this.center) this.radiusM = radiusTo(this.center, at.lonLat);
  }

  up(at: DrawPoint): void {
    const drag = this.drag;
    if (!drag) return;
    this.move(at);
    this.drag = null;
    if (drag.target === 'newRadius') {
      // A drag from the centre sets the radius and ends the circle; a plain press leaves 100 m.
      if (drag.moved) this.finish();
      else this.phase = 'radius';
    }
  }

  click(at: DrawPoint): void {
    if (this.done) return;
    if (this.phase === 'radius' && this.center) {
      // The click that follows the centre's own press lands on the centre: not a radius.
      if (pxDistance(this.project(this.center), at.px) < HANDLE_GAP_PX) return;
      this.radiusM = radiusTo(this.center, at.lonLat);
      this.finish();
    } else if (this.phase === 'vertices') {
      const near = this.ring.findIndex((p) => pxDistance(this.project(p), at.px) < HANDLE_GAP_PX);
      if (near === 0 && this.ring.length >= 3) this.finish();
      // On an existing vertex (incl. the second click of a double-click): no new vertex.
      else if (near < 0) this.ring.push(at.lonLat);
    }
  }

  dblclick(): void {
    if (this.phase === 'vertices') this.finish();
  }

  /** Ends the session with the current shape; false when there is nothing complete to return. */
  finish(): boolean {
    if (this.done) return true;
    const shape = this.shape();
    if (!shape) return false;
    this.done = shape;
    this.drag = null;
    return true;
  }

  /** The shape as it stands (rounded as it will be stored), or null when incomplete. */
  shape(): DrawnShape | null {
    if (this.kind === 'circle') {
      return this.center
        ? { kind: 'circle', center: roundLonLat(this.center), radiusM: Math.round(this.radiusM) }
        : null;
    }
    return this.ring.length >= 3 ? { kind: 'polygon', ring: this.ring.map(roundLonLat) } : null;
  }

  private handles(): LonLat[] {
    if (this.kind === 'circle') return this.center ? [this.center, radiusHandle(this.center, this.radiusM)] : [];
    return this.ring;
  }

  features(): DrawFeatures {
    if (this.kind === 'circle') {
      return { area: this.center ? circleRing(this.center, this.radiusM) : null, line: null, handles: this.handles() };
    }
    const closed = this.phase === 'edit' || this.done !== null;
    const area = this.ring.length >= 3 ? [...this.ring, this.ring[0]!] : null;
    const line =
      closed || this.ring.length === 0
        ? null
        : this.cursor && !this.drag
          ? [...this.ring, this.cursor]
          : [...this.ring];
    return { area, line, handles: this.ring };
  }
}

/** Clicks this close to the centre or the first vertex mean "that point", not a new one. */
const HANDLE_GAP_PX = 8;
