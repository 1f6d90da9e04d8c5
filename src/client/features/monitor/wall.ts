import { MAX_MONITORS } from '../../../shared/cameras';
import { IMEI_RE } from '../../../shared/devices/protocol';

/** The wall's grids: one big tile, 2x2, 3x2 (docs/requirements/realtime-video.md#video-monitors). */
export const LAYOUTS = [1, 4, 6] as const;
export type Layout = (typeof LAYOUTS)[number];

/** What a tile shows: a camera by its id, or a device (door unit, watch, helmet) by its IMEI. */
export type WallEntry = number | string;

/** What a tile shows: a camera of the list, or a device asked to publish its camera. */
export type TileSource =
  | { kind: 'camera'; id: number; name: string; lastError?: string | null }
  | { kind: 'device'; imei: string; name: string };

type AddResult = { wall: WallEntry[]; layout: Layout } | { error: 'duplicate' | 'full' };

/** The smallest grid that holds `count` tiles, never smaller than the one chosen. */
export function layoutFor(count: number, chosen: Layout): Layout {
  return LAYOUTS.find((l) => l >= Math.max(count, chosen)) ?? 6;
}

/**
 * Puts a camera on the wall: one already there is refused (choose another), a seventh is
 * refused (at most six at once); the grid grows when the new tile needs room.
 */
export function addToWall(wall: readonly WallEntry[], id: WallEntry, layout: Layout): AddResult {
  if (wall.includes(id)) return { error: 'duplicate' };
  if (wall.length >= MAX_MONITORS) return { error: 'full' };
  const next = [...wall, id];
  return { wall: next, layout: layoutFor(next.length, layout) };
}

/** Grid columns of a layout. */
export const columnsOf = (layout: Layout): number => (layout === 1 ? 1 : layout === 4 ? 2 : 3);

/** The wall of a route, kept in this browser so a reload shows the same cameras. */
export function loadWall(route: string): { wall: WallEntry[]; layout: Layout } | null {
  try {
    const raw = JSON.parse(localStorage.getItem(`monitor-wall:${route}`) ?? 'null') as {
      wall?: unknown;
      layout?: unknown;
    } | null;
    if (!raw || !Array.isArray(raw.wall) || !LAYOUTS.includes(raw.layout as Layout)) return null;
    const wall = [
      ...new Set(
        raw.wall.filter(
          (v): v is WallEntry =>
            (Number.isInteger(v) && (v as number) > 0) || (typeof v === 'string' && IMEI_RE.test(v)),
        ),
      ),
    ].slice(0, MAX_MONITORS);
    return { wall, layout: layoutFor(wall.length, raw.layout as Layout) };
  } catch {
    return null;
  }
}

export function saveWall(route: string, state: { wall: WallEntry[]; layout: Layout }): void {
  try {
    localStorage.setItem(`monitor-wall:${route}`, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the wall just starts empty next time.
  }
}

/** A JPEG of what a `<video>` shows now, or null before its first frame. */
export async function snapshotOf(video: HTMLVideoElement): Promise<Blob | null> {
  if (!video.videoWidth) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}
