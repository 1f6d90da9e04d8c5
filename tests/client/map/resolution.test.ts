import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forSoftwareRenderer,
  lowResolutionWhileMoving,
  softwareRenderer,
} from '../../../src/client/map/maplibre/resolution';

type Listener = () => void;

/** The part of a MapLibre map the resolution switch uses: a resize at rest fires movestart and moveend as MapLibre's does. */
class MovingMap {
  ratio = 2;
  moving = false;
  ratios: number[] = [];
  _fadeDuration = 300;
  /** Fill layers and their fill-antialias paint property (undefined: MapLibre's default, on). */
  paint = new Map<string, { type: string; antialias?: boolean }>([
    ['background', { type: 'background' }],
    ['land', { type: 'fill' }],
    ['districts', { type: 'line' }],
    ['fence:fill', { type: 'fill', antialias: false }],
  ]);
  getLayersOrder() {
    return [...this.paint.keys()];
  }
  getLayer(id: string) {
    return this.paint.get(id);
  }
  getPaintProperty(id: string, name: string) {
    return name === 'fill-antialias' ? this.paint.get(id)?.antialias : undefined;
  }
  setPaintProperty(id: string, name: string, value: boolean | undefined) {
    if (name === 'fill-antialias') this.paint.get(id)!.antialias = value;
  }
  /** The fill layers' edges as drawn: on unless turned off. */
  edges() {
    return Object.fromEntries(
      [...this.paint].filter(([, l]) => l.type === 'fill').map(([id, l]) => [id, l.antialias !== false]),
    );
  }
  private listeners = new Map<string, Set<Listener>>();
  on(type: string, fn: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
    return this;
  }
  once(type: string, fn: Listener) {
    const wrapped = () => {
      this.off(type, wrapped);
      fn();
    };
    return this.on(type, wrapped);
  }
  off(type: string, fn: Listener) {
    this.listeners.get(type)?.delete(fn);
    return this;
  }
  fire(type: string) {
    for (const fn of [...(this.listeners.get(type) ?? [])]) fn();
  }
  count(type: string) {
    return this.listeners.get(type)?.size ?? 0;
  }
  isMoving() {
    return this.moving;
  }
  getPixelRatio() {
    return this.ratio;
  }
  setPixelRatio(r: number) {
    this.ratio = r;
    this.ratios.push(r);
    if (!this.moving) {
      this.fire('movestart');
      this.fire('moveend');
    }
  }
  /** A drag or an eased zoom: movestart, then frames, then moveend. */
  async startMoving() {
    this.moving = true;
    this.fire('movestart');
    await Promise.resolve();
  }
  stopMoving() {
    this.moving = false;
    this.fire('moveend');
  }
}

const asMap = (m: MovingMap) => m as unknown as Parameters<typeof lowResolutionWhileMoving>[0];

describe('the map on a software renderer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('draws at half resolution while it moves and at full resolution once it has been still', async () => {
    const map = new MovingMap();
    lowResolutionWhileMoving(asMap(map), 0.5, 400);
    await map.startMoving();
    expect(map.ratio).toBe(1);
    map.stopMoving();
    await vi.advanceTimersByTimeAsync(399);
    expect(map.ratio).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(map.ratio).toBe(2);
    // The resize back at rest fired its own movestart and moveend: nothing more happens.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(map.ratios).toEqual([1, 2]);
  });

  it('draws the fills without their antialiased edges while it moves, and puts back only what it took', async () => {
    const map = new MovingMap();
    lowResolutionWhileMoving(asMap(map), 0.5, 400);
    expect(map.edges()).toEqual({ land: true, 'fence:fill': false });
    await map.startMoving();
    expect(map.edges()).toEqual({ land: false, 'fence:fill': false });
    map.stopMoving();
    await vi.advanceTimersByTimeAsync(399);
    expect(map.edges()).toEqual({ land: false, 'fence:fill': false });
    await vi.advanceTimersByTimeAsync(1);
    expect(map.edges()).toEqual({ land: true, 'fence:fill': false });
    // Back to MapLibre's default, as the style had it.
    expect(map.paint.get('land')!.antialias).toBeUndefined();
  });

  it('skips a fill layer removed while the map moved', async () => {
    const map = new MovingMap();
    lowResolutionWhileMoving(asMap(map), 0.5, 400);
    await map.startMoving();
    map.paint.delete('land');
    map.stopMoving();
    await vi.advanceTimersByTimeAsync(400);
    expect(map.ratio).toBe(2);
  });

  it('turns label fading off and the low resolution on', async () => {
    const map = new MovingMap();
    forSoftwareRenderer(asMap(map) as Parameters<typeof forSoftwareRenderer>[0]);
    expect(map._fadeDuration).toBe(0);
    await map.startMoving();
    expect(map.ratio).toBe(2 * 0.35);
  });

  it('stays at half resolution through movements in quick succession', async () => {
    const map = new MovingMap();
    lowResolutionWhileMoving(asMap(map), 0.5, 400);
    for (let i = 0; i < 5; i++) {
      await map.startMoving();
      map.stopMoving();
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(map.ratios).toEqual([1]);
    await vi.advanceTimersByTimeAsync(200);
    expect(map.ratios).toEqual([1, 2]);
  });

  it('leaves a jump at full resolution and does not touch a map at rest', async () => {
    const map = new MovingMap();
    lowResolutionWhileMoving(asMap(map), 0.5, 400);
    // jumpTo: movestart and moveend in one go.
    map.moving = true;
    map.fire('movestart');
    map.moving = false;
    map.fire('moveend');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(map.ratios).toEqual([]);
  });

  it('lets go of the map when it is removed', async () => {
    const map = new MovingMap();
    lowResolutionWhileMoving(asMap(map), 0.5, 400);
    await map.startMoving();
    map.stopMoving();
    map.fire('remove');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(map.ratios).toEqual([1]);
    expect(map.count('movestart') + map.count('moveend')).toBe(0);
  });

  it('tells a software renderer by its name', () => {
    const gl = (renderer: string | null) => ({
      getExtension: (name: string) =>
        name === 'WEBGL_debug_renderer_info' && renderer !== null ? { UNMASKED_RENDERER_WEBGL: 0x9246 } : null,
      getParameter: (p: number) => (p === 0x9246 ? renderer : 'WebKit WebGL'),
    });
    expect(
      softwareRenderer(
        gl('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)'),
      ),
    ).toBe(true);
    expect(softwareRenderer(gl('llvmpipe (LLVM 15.0.6, 256 bits)'))).toBe(true);
    expect(softwareRenderer(gl('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)'))).toBe(false);
    // A browser that hides the renderer's name: taken for a GPU.
    expect(softwareRenderer(gl(null))).toBe(false);
    expect(softwareRenderer(null)).toBe(false);
  });
});
