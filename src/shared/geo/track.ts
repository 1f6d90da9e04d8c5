/**
 * Track history (docs/requirements/realtime-map-and-tracks.md#track-point,
 * docs/requirements/realtime-map-and-tracks.md#track-playback): the columnar answer of `POST /api/device/track`, the
 * per-point derivations, simplification for drawing, the GPX/CSV files and the playback state machine (a pure
 * reducer). Coordinates are WGS-84; times are epoch milliseconds unless a name says otherwise.
 */
import simplify from 'simplify-js';
import { z } from 'zod';
import { isoDate, parseDate } from '../dates';
import { IMEI_RE } from '../devices/protocol';
import { distanceM, type LonLat } from './fence';
import { csvCell } from '../csv';

/** The most points one track answer carries; longer ranges are cut and flagged `truncated`. */
export const MAX_TRACK_POINTS = 100_000;
/** The longest range one request may ask for. */
const MAX_TRACK_DAYS = 31;
const DAY_MS = 86_400_000;

const rangeFields = {
  imei: z.string().trim().regex(IMEI_RE, 'imeiInvalid'),
  from: isoDate,
  to: isoDate,
};
// Both messages are existing keys, so the console already has their translations.
const rangeValid = (b: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const span = parseDate(b.to) - parseDate(b.from);
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateInvalid' });
  else if (span > MAX_TRACK_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'tooLarge' });
};

/** `source` 'gps' keeps GPS fixes only (/track_gps); 'all' every source with lat/lon (/track). */
export const trackBody = z
  .object({ ...rangeFields, source: z.enum(['gps', 'all']).default('all'), detail: z.boolean().optional() })
  .superRefine(rangeValid);
export const trackExportBody = z
  .object({ ...rangeFields, source: z.enum(['gps', 'all']).default('all'), format: z.enum(['gpx', 'csv']) })
  .superRefine(rangeValid);

/** Columnar on purpose: 100,000 points as four arrays are a third the JSON of an object per point. */
export interface TrackColumns {
  t: number[];
  lat: number[];
  lon: number[];
  /** km/h as the device reported it, null when it did not. */
  speed: (number | null)[];
  /** With `detail` (/Track_gps_jf): each fix's radius in metres (null when not reported) and source. */
  accuracy?: (number | null)[];
  source?: string[];
  /** True when the range held more than MAX_TRACK_POINTS points; these are the first ones. */
  truncated?: boolean;
}

export const emptyTrack = (): TrackColumns => ({ t: [], lat: [], lon: [], speed: [] });

/** docs/requirements/realtime-map-and-tracks.md#track-point: a time under 13 digits is in seconds. */
export function toMs(createTime: number | string): number {
  const n = typeof createTime === 'string' ? Number(createTime) : createTime;
  if (!Number.isFinite(n)) return NaN;
  return Math.abs(Math.trunc(n)) < 1e12 ? n * 1000 : n;
}

/**
 * A track point (docs/requirements/realtime-map-and-tracks.md#track-point) with its derivations (toward the next
 * point; null on the last one).
 */
export interface TrackPoint {
  index: number;
  lat: number;
  lon: number;
  /** ms */
  createTime: number;
  /** Seconds to the next point. */
  intervalTime: number | null;
  /** Metres to the next point (haversine). */
  nextDistance: number | null;
  /** km/h over the leg to the next point; null when there is none or it took no time. */
  nextSpeed: number | null;
  /** km/h: the device's own figure, else nextSpeed. */
  speed: number | null;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** O(1), so a screen derives only the point it shows instead of all 100,000. */
export function pointAt(track: TrackColumns, i: number): TrackPoint | null {
  const n = track.t.length;
  if (n === 0 || !(i >= 0 && i < n)) return null;
  const lat = track.lat[i]!;
  const lon = track.lon[i]!;
  const createTime = track.t[i]!;
  let intervalTime: number | null = null;
  let nextDistance: number | null = null;
  let nextSpeed: number | null = null;
  if (i + 1 < n) {
    intervalTime = (track.t[i + 1]! - createTime) / 1000;
    nextDistance = round(distanceM([lon, lat], [track.lon[i + 1]!, track.lat[i + 1]!]), 1);
    nextSpeed = intervalTime > 0 ? round((nextDistance / intervalTime) * 3.6, 1) : null;
  }
  const reported = track.speed[i];
  return { index: i, lat, lon, createTime, intervalTime, nextDistance, nextSpeed, speed: reported ?? nextSpeed };
}

/** Input in the required track-point shape (createTime possibly in seconds) to columns, sorted by time. */
export function columnsOf(
  points: readonly { lat: number; lon: number; createTime: number | string; speed?: number | null }[],
): TrackColumns {
  const rows = points.map((p) => ({ ...p, t: toMs(p.createTime) })).filter((p) => Number.isFinite(p.t));
  rows.sort((a, b) => a.t - b.t);
  return {
    t: rows.map((r) => r.t),
    lat: rows.map((r) => r.lat),
    lon: rows.map((r) => r.lon),
    speed: rows.map((r) => r.speed ?? null),
  };
}

const M_PER_DEG = 111_320;
/** Points the drawn line keeps at most: plenty for a screen, cheap for every map provider. */
export const TRACK_DRAW_TARGET = 4000;

/** Metres per screen pixel at a Web Mercator zoom (256 px tiles) and latitude. */
export const metresPerPixel = (zoom: number, lat: number) =>
  (156_543.034 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;

/**
 * Douglas-Peucker (simplify-js) on a local metric plane, for drawing only: the data keeps every
 * point. `tolerance` is in metres; `zoom` means one screen pixel; `target` raises the tolerance
 * until at most that many points remain. The first and last points always stay.
 */
export function simplifyTrack(
  track: Pick<TrackColumns, 'lat' | 'lon'>,
  opts: { tolerance?: number; zoom?: number; target?: number },
): LonLat[] {
  const n = track.lat.length;
  if (n === 0) return [];
  const lat0 = track.lat[0]!;
  const lon0 = track.lon[0]!;
  const kx = M_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  const plane = new Array<{ x: number; y: number; i: number }>(n);
  for (let i = 0; i < n; i++) plane[i] = { x: (track.lon[i]! - lon0) * kx, y: (track.lat[i]! - lat0) * M_PER_DEG, i };
  let tolerance = opts.tolerance ?? (opts.zoom !== undefined ? metresPerPixel(opts.zoom, lat0) : 1);
  let kept = simplify(plane, tolerance) as typeof plane;
  // Each pass is a few ms on 100,000 points; doubling reaches any target in a handful.
  while (opts.target !== undefined && kept.length > Math.max(2, opts.target)) {
    tolerance *= 2;
    kept = simplify(kept, tolerance) as typeof plane;
  }
  const out: LonLat[] = kept.map((p) => [track.lon[p.i]!, track.lat[p.i]!]);
  if (kept[0]!.i !== 0) out.unshift([lon0, lat0]);
  if (n > 1 && kept[kept.length - 1]!.i !== n - 1) out.push([track.lon[n - 1]!, track.lat[n - 1]!]);
  return out;
}

const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** GPX 1.1, one track segment; times ISO 8601 UTC. */
export function toGpx(track: TrackColumns, meta: { name: string; imei: string }): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="safety-console" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${xml(meta.name)}</name><time>${new Date(track.t[0] ?? Date.now()).toISOString()}</time></metadata>`,
    `<trk><name>${xml(meta.name)}</name><desc>${xml(meta.imei)}</desc><trkseg>`,
  ];
  for (let i = 0; i < track.t.length; i++) {
    out.push(
      `<trkpt lat="${track.lat[i]}" lon="${track.lon[i]}"><time>${new Date(track.t[i]!).toISOString()}</time></trkpt>`,
    );
  }
  out.push('</trkseg></trk>', '</gpx>', '');
  return out.join('\n');
}

export const CSV_HEADER = ['imei', 'time', 'lat', 'lon', 'speed_kmh', 'interval_s', 'distance_next_m'] as const;

/** RFC 4180 CSV (CRLF), times ISO 8601 UTC, speed as reported or else derived. */
export function toCsv(track: TrackColumns, imei: string): string {
  const lines = [CSV_HEADER.join(',')];
  for (let i = 0; i < track.t.length; i++) {
    const p = pointAt(track, i)!;
    lines.push(
      [imei, new Date(p.createTime).toISOString(), p.lat, p.lon, p.speed, p.intervalTime, p.nextDistance]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * docs/requirements/realtime-map-and-tracks.md#track-playback: 1 stopped/ready, 2 playing, 3 paused, 4 finished, 5
 * reset.
 */
export const PLAYBACK = { ready: 1, playing: 2, paused: 3, finished: 4, reset: 5 } as const;
type PlaybackStatus = (typeof PLAYBACK)[keyof typeof PLAYBACK];
/** docs/requirements/realtime-map-and-tracks.md#track-playback: speed choices, default 1, tick 20 ms. */
export const PLAYBACK_SPEEDS = [1, 2, 4, 8] as const;
type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
export const PLAYBACK_TICK_MS = 20;
/**
 * Reaching this percentage counts as the end (docs/requirements/realtime-map-and-tracks.md#track-playback: "about
 * 99-100%").
 */
const FINISH_PERCENT = 99;
/**
 * Base rate: one point per tick at 1x, but never slower than the whole track in this many ticks
 * (60 s at 1x, 7.5 s at 8x). Point-based rather than real time scaled, because a day of history
 * at 1x real time would take a day and sit still through every gap; pure one point per tick
 * would take 33 minutes for 100,000 points.
 */
export const BASE_TICKS = 3000;
/** A timer late by more than this (a background tab) resumes instead of jumping ahead. */
export const MAX_CATCH_UP_TICKS = 25;

export interface PlaybackState {
  status: PlaybackStatus;
  speed: PlaybackSpeed;
  /** Points in the track. */
  n: number;
  /** Fractional point index, 0 .. n-1. */
  position: number;
}

export type PlaybackAction =
  | { type: 'load'; n: number }
  | { type: 'play' }
  | { type: 'pause' }
  /** `ticks`: how many 20 ms ticks elapsed (a late timer catches up; default 1). */
  | { type: 'tick'; ticks?: number }
  | { type: 'speed'; speed: number }
  | { type: 'seek'; percent: number }
  | { type: 'reset' }
  /** Reset shows state 5 for a moment, then settles to ready. */
  | { type: 'settle' };

export const initialPlayback = (n = 0): PlaybackState => ({ status: PLAYBACK.ready, speed: 1, n, position: 0 });

export const playbackPercent = (s: PlaybackState) =>
  s.n <= 1 ? (s.status === PLAYBACK.finished ? 100 : 0) : (s.position / (s.n - 1)) * 100;
/** The point the cursor is on. */
export const playbackIndex = (s: PlaybackState) => Math.min(Math.max(0, s.n - 1), Math.floor(s.position));
/** Points advanced per tick at 1x. */
export const stepPerTick = (n: number) => Math.max(1, (n - 1) / BASE_TICKS);

const finished = (s: PlaybackState): PlaybackState => ({
  ...s,
  status: PLAYBACK.finished,
  position: Math.max(0, s.n - 1),
});

export function playbackReducer(s: PlaybackState, a: PlaybackAction): PlaybackState {
  switch (a.type) {
    case 'load':
      return { ...initialPlayback(Math.max(0, Math.floor(a.n))), speed: s.speed };
    case 'play':
      if (s.n === 0 || s.status === PLAYBACK.playing) return s;
      if (s.n === 1) return finished(s);
      return { ...s, status: PLAYBACK.playing, position: s.status === PLAYBACK.finished ? 0 : s.position };
    case 'pause':
      return s.status === PLAYBACK.playing ? { ...s, status: PLAYBACK.paused } : s;
    case 'tick': {
      if (s.status !== PLAYBACK.playing) return s;
      const ticks = Math.min(MAX_CATCH_UP_TICKS, Math.max(1, Math.floor(a.ticks ?? 1)));
      const next = { ...s, position: Math.min(s.n - 1, s.position + stepPerTick(s.n) * s.speed * ticks) };
      return playbackPercent(next) >= FINISH_PERCENT ? finished(next) : next;
    }
    case 'speed':
      return (PLAYBACK_SPEEDS as readonly number[]).includes(a.speed) ? { ...s, speed: a.speed as PlaybackSpeed } : s;
    case 'seek': {
      if (s.n === 0 || !Number.isFinite(a.percent)) return s;
      const percent = Math.min(100, Math.max(0, a.percent));
      const next = { ...s, position: (percent / 100) * Math.max(0, s.n - 1) };
      if (percent >= FINISH_PERCENT) return finished(next);
      // Seeking keeps a playing track playing; anywhere else it holds at the new point.
      return { ...next, status: s.status === PLAYBACK.playing ? PLAYBACK.playing : PLAYBACK.paused };
    }
    case 'reset':
      return { ...s, status: PLAYBACK.reset, position: 0 };
    case 'settle':
      return s.status === PLAYBACK.reset ? { ...s, status: PLAYBACK.ready } : s;
  }
}
