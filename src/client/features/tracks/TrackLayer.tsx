import { useEffect, useMemo } from 'react';
import { TRACK_DRAW_TARGET, playbackIndex, simplifyTrack, type TrackColumns } from '../../../shared/geo/track';
import { useMapApi } from '../../map/context';
import type { PlaybackStore } from './playbackStore';

const LAYER = 'track';
const LINE_COLOR = '#1791fc';

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
