import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The drawing buffer's scale while the map moves on a software renderer: an eighth of the pixels
 * (0.5, a quarter, left frames of 50 to 100 ms at the 95th percentile; docs/performance.md, "Map").
 */
const MOVING_SCALE = 0.35;
/** How long the map stays still before it is drawn at full resolution again. */
const RESTORE_MS = 400;

/** The two calls of a WebGL context that name its renderer. */
interface Gl {
  getExtension(name: string): unknown;
  getParameter(pname: number): unknown;
}

/**
 * Whether WebGL is drawn on the CPU: SwiftShader (Chromium without a usable GPU, a remote desktop,
 * a virtual machine), Mesa's llvmpipe or softpipe, Microsoft's WARP. A browser that hides its
 * renderer's name counts as a GPU.
 */
export function softwareRenderer(gl: Gl | null): boolean {
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info') as { UNMASKED_RENDERER_WEBGL: number } | null;
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : 0x1f01 /* RENDERER */) ?? '');
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(name);
}

type ResolutionMap = Pick<
  MapLibreMap,
  | 'on'
  | 'off'
  | 'once'
  | 'isMoving'
  | 'getPixelRatio'
  | 'setPixelRatio'
  | 'getLayersOrder'
  | 'getLayer'
  | 'getPaintProperty'
  | 'setPaintProperty'
>;

/**
 * Turns the antialiased edges of every fill layer off (a second draw per tile of every polygon's
 * outline, in lines); returns what puts them back. Only layers that had them on are touched, and
 * one removed meanwhile is skipped.
 */
function fillEdgesOff(map: ResolutionMap): () => void {
  // Not getStyle(): it serializes the whole style, the markers' data with it.
  const was = map
    .getLayersOrder()
    .filter((id) => map.getLayer(id)?.type === 'fill')
    .map((id) => [id, map.getPaintProperty(id, 'fill-antialias')] as const);
  const on = was.filter(([, value]) => value !== false);
  for (const [id] of on) map.setPaintProperty(id, 'fill-antialias', false);
  return () => {
    for (const [id, value] of on) if (map.getLayer(id)) map.setPaintProperty(id, 'fill-antialias', value);
  };
}

/**
 * A software renderer fills every pixel of every layer on the CPU, so a frame costs in proportion
 * to the canvas: while the map moves it draws at `scale` of its pixel ratio and without the
 * antialiased edges of its fills (a pan or zoom in motion does not show the difference), and once
 * it has been still for `restoreMs` it is drawn once more at full resolution with its edges, in
 * one frame. A map at rest is never redrawn for this. Undone when the map is removed, or by the
 * function returned.
 */
export function lowResolutionWhileMoving(map: ResolutionMap, scale = MOVING_SCALE, restoreMs = RESTORE_MS): () => void {
  let full: number | null = null;
  let edgesBack: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // setPixelRatio resizes the map, which at rest fires movestart and moveend of its own.
  let adjusting = false;
  const setRatio = (ratio: number) => {
    adjusting = true;
    try {
      map.setPixelRatio(ratio);
    } finally {
      adjusting = false;
    }
  };
  const cancelRestore = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const restore = () => {
    timer = null;
    if (full === null || map.isMoving()) return;
    const ratio = full;
    full = null;
    edgesBack?.();
    edgesBack = null;
    setRatio(ratio);
  };
  const lower = () => {
    // A jump has ended by now (it is drawn once, at full resolution); at rest a resize would
    // stop the camera, while a movement in progress goes on through it.
    if (full !== null || !map.isMoving()) return;
    full = map.getPixelRatio();
    edgesBack = fillEdgesOff(map);
    setRatio(full * scale);
  };
  const onStart = () => {
    if (adjusting) return;
    cancelRestore();
    queueMicrotask(lower);
  };
  const onEnd = () => {
    if (adjusting || full === null) return;
    cancelRestore();
    timer = setTimeout(restore, restoreMs);
  };
  const undo = () => {
    cancelRestore();
    map.off('movestart', onStart);
    map.off('moveend', onEnd);
  };
  map.on('movestart', onStart);
  map.on('moveend', onEnd);
  map.once('remove', undo);
  return undo;
}

/**
 * What a map drawn by a software renderer does differently: no fading of labels in and out (each
 * fade is 300 ms of redraws after every movement, each a whole frame to a software renderer) and `lowResolutionWhileMoving`.
 */
export function forSoftwareRenderer(map: ResolutionMap & Pick<MapLibreMap, '_fadeDuration'>): () => void {
  map._fadeDuration = 0;
  return lowResolutionWhileMoving(map);
}
