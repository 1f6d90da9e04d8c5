/**
 * The MapLibre drawing tools behind MapApi.draw(): wires map pointer events and the keyboard to
 * a DrawSession (the rules), renders it on the tool's own layers and resolves with the shape,
 * or null when cancelled (Escape, the toolbar's cancel, or `signal` aborting via cancelDraw()).
 */
import type * as maplibregl from 'maplibre-gl';
import type { MapMouseEvent, MapTouchEvent } from 'maplibre-gl';
import { FENCE_DEFAULTS } from '../../../shared/geo/fence';
import type { DrawnShape } from '../types';
import { addDrawLayers, removeDrawLayers, renderDraw } from './draw-layers';
import { DrawSession, type DrawPoint } from './draw-session';
import { createDrawToolbar, drawHint } from './draw-toolbar';

/** Resolves true once the tool's layers are on the map, false if aborted first. */
function whenLayersAdded(map: maplibregl.Map, color: string, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const attempt = () => {
      if (signal.aborted) return finish(false);
      try {
        addDrawLayers(map, color);
        finish(true);
      } catch {
        // Style still loading: every styledata event is another chance.
        map.once('styledata', attempt);
      }
    };
    const finish = (ok: boolean) => {
      map.off('styledata', attempt);
      signal.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onAbort = () => finish(false);
    signal.addEventListener('abort', onAbort, { once: true });
    attempt();
  });
}

export async function startDraw(
  map: maplibregl.Map,
  kind: 'circle' | 'polygon',
  initial: DrawnShape | undefined,
  signal: AbortSignal,
): Promise<DrawnShape | null> {
  const color = kind === 'circle' ? FENCE_DEFAULTS.circleColor : FENCE_DEFAULTS.polygonColor;
  if (!(await whenLayersAdded(map, color, signal))) return null;

  return new Promise<DrawnShape | null>((resolve) => {
    const session = new DrawSession(kind, initial, (p) => {
      const q = map.project(p);
      return [q.x, q.y];
    });
    const canvas = map.getCanvasContainer();
    const cursor = canvas.style.cursor;
    const dblZoom = map.doubleClickZoom.isEnabled();
    const toolbar = createDrawToolbar(
      map.getContainer(),
      () => session.finish() && after(),
      () => end(null),
    );
    const at = (e: MapMouseEvent | MapTouchEvent): DrawPoint => ({
      lonLat: [e.lngLat.lng, e.lngLat.lat],
      px: [e.point.x, e.point.y],
    });

    const render = () => renderDraw(map, session.features());
    const after = () => {
      render();
      toolbar.setHint(drawHint(kind, session.editing));
      if (session.done) end(session.done);
    };
    const onDown = (e: MapMouseEvent | MapTouchEvent) => {
      if ('button' in e.originalEvent && e.originalEvent.button !== 0) return;
      if ('touches' in e.originalEvent && e.originalEvent.touches.length > 1) return;
      // Preventing the default of a press keeps MapLibre's drag-pan from moving the map.
      if (session.down(at(e))) e.preventDefault();
      render();
    };
    const onMove = (e: MapMouseEvent | MapTouchEvent) => {
      session.move(at(e));
      render();
    };
    const onUp = (e: MapMouseEvent | MapTouchEvent) => {
      session.up(at(e));
      after();
    };
    const onClick = (e: MapMouseEvent) => {
      session.click(at(e));
      after();
    };
    const onDblClick = (e: MapMouseEvent) => {
      e.preventDefault();
      session.dblclick();
      after();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') end(null);
      else if (e.key === 'Enter' && session.finish()) after();
    };
    const onAbort = () => end(null);

    let ended = false;
    function end(result: DrawnShape | null) {
      if (ended) return;
      ended = true;
      map.off('mousedown', onDown).off('touchstart', onDown);
      map.off('mousemove', onMove).off('touchmove', onMove);
      map.off('mouseup', onUp).off('touchend', onUp);
      map.off('click', onClick).off('dblclick', onDblClick);
      window.removeEventListener('keydown', onKey);
      signal.removeEventListener('abort', onAbort);
      toolbar.remove();
      canvas.style.cursor = cursor;
      if (dblZoom) map.doubleClickZoom.enable();
      // The map may already be gone (screen unmounted): nothing left to tidy then.
      try {
        removeDrawLayers(map);
      } catch {
        /* removed with the map */
      }
      resolve(result);
    }

    map.on('mousedown', onDown);
    map.on('touchstart', onDown);
    map.on('mousemove', onMove);
    map.on('touchmove', onMove);
    map.on('mouseup', onUp);
    map.on('touchend', onUp);
    map.on('click', onClick);
    map.on('dblclick', onDblClick);
    window.addEventListener('keydown', onKey);
    signal.addEventListener('abort', onAbort, { once: true });
    map.doubleClickZoom.disable();
    canvas.style.cursor = 'crosshair';
    after();
  });
}
