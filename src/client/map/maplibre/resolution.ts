import type { Map as MapLibreMap } from 'maplibre-gl';

/** The drawing buffer's scale while the map moves on a software renderer: a quarter of the pixels. */
export const MOVING_SCALE = 0.5;
/** How long the map stays still before it is drawn at full resolution again. */
export const RESTORE_MS = 400;

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

type ResolutionMap = Pick<MapLibreMap, 'on' | 'off' | 'once' | 'isMoving' | 'getPixelRatio' | 'setPixelRatio'>;

/**
 * A software renderer fills every pixel of every layer on the CPU, so a frame costs in proportion
 * to the canvas: while the map moves it draws at `scale` of its pixel ratio (a pan or zoom in
 * motion does not show the difference), and once it has been still for `restoreMs` it is drawn
 * once more at full resolution. A map at rest is never redrawn for this. Undone when the map is
 * removed, or by the function returned.
 */
export function lowResolutionWhileMoving(map: ResolutionMap, scale = MOVING_SCALE, restoreMs = RESTORE_MS): () => void {
  let full: number | null = null;
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
    setRatio(ratio);
  };
  const lower = () => {
    // A jump has ended by now (it is drawn once, at full resolution); at rest a resize would
    // stop the camera, while a movement in progress goes on through it.
    if (full !== null || !map.isMoving()) return;
    full = map.getPixelRatio();
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
