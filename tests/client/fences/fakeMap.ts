import { vi } from 'vitest';
import type { DrawnShape, MapApi, MapShape } from '../../../src/client/map/types';

/** A MapApi that records what the screens ask of it; `draw` answers with `nextDrawn`. */
export function fakeMap() {
  const shapes = new Map<string, readonly MapShape[]>();
  const state = {
    nextDrawn: null as DrawnShape | null,
    drawCalls: [] as [string, DrawnShape | undefined][],
    click: null as ((at: [number, number]) => void) | null,
  };
  const api: MapApi = {
    provider: 'maplibre',
    setView: vi.fn(),
    fitBounds: vi.fn(),
    setMarkers: vi.fn(),
    setShapes: vi.fn((layer: string, s: readonly MapShape[]) => void shapes.set(layer, s)),
    setLine: vi.fn(),
    setCursor: vi.fn(),
    clear: vi.fn((layer: string) => void shapes.delete(layer)),
    onMarkerClick: vi.fn(),
    onClick: vi.fn((h) => void (state.click = h)),
    draw: vi.fn(async (kind: 'circle' | 'polygon', initial?: DrawnShape) => {
      state.drawCalls.push([kind, initial]);
      return state.nextDrawn;
    }),
    cancelDraw: vi.fn(),
  };
  return { api, shapes, state };
}
