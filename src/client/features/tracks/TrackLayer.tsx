import { useEffect, useMemo } from 'react';
import { TRACK_DRAW_TARGET, playbackIndex, simplifyTrack, type TrackColumns } from '../../../shared/geo/track';
import { FIX_COLORS, accuracyShapes } from '../../map/accuracy';
import { useMapApi } from '../../map/context';
import type { PlaybackStore } from './playbackStore';

const LAYER = 'track';
const LINE_COLOR = '#1791fc';
/** Circles drawn for a track with accuracies (/Track_gps_jf); the cursor's own point always has one. */
const MAX_CIRCLES = 2000;

/**
 * The route and the moving cursor on the screen's one map; renders nothing (style guide 8).
 * The line is simplified; the cursor walks the full-resolution points and follows the store
 * directly, so a tick costs one setCursor, not a React render.
 */
export function TrackLayer({ track, store }: { track: TrackColumns; store: PlaybackStore }) {
  const api = useMapApi();
  const line = useMemo(() => simplifyTrack(track, { target: TRACK_DRAW_TARGET }), [track]);

  useEffect(() => {
    if (!api) return;
    api.setLine(LAYER, line.length > 1 ? { id: LAYER, points: line, color: LINE_COLOR } : null);
    if (line.length) api.fitBounds(line, 40);
    return () => api.clear(LAYER);
  }, [api, line]);

  // Each point's accuracy circle, coloured by its source (GPS, Wi-Fi, LBS); a long track keeps the
  // non-GPS fixes first, since those are the ones whose uncertainty matters.
  useEffect(() => {
    if (!api || !track.accuracy) return;
    const points = track.t.map((_, i) => ({
      lat: track.lat[i]!,
      lon: track.lon[i]!,
      accuracy: track.accuracy![i],
      source: track.source?.[i],
    }));
    const ranked = points
      .map((p, i) => ({ p, i }))
      .sort((a, b) => Number(a.p.source === 'gps') - Number(b.p.source === 'gps'))
      .slice(0, MAX_CIRCLES);
    api.setShapes(
      `${LAYER}-accuracy`,
      accuracyShapes(
        ranked.map((r) => r.p),
        FIX_COLORS,
        (k) => String(ranked[k]!.i),
      ),
    );
    return () => api.clear(`${LAYER}-accuracy`);
  }, [api, track]);

  useEffect(() => {
    if (!api || track.t.length === 0) return;
    const cursor = `${LAYER}-cursor`;
    let shown = -1;
    const place = () => {
      const i = playbackIndex(store.get());
      if (i === shown) return;
      shown = i;
      api.setCursor(cursor, [track.lon[i]!, track.lat[i]!]);
    };
    place();
    const off = store.subscribe(place);
    return () => {
      off();
      api.setCursor(cursor, null);
    };
  }, [api, store, track]);

  return null;
}
