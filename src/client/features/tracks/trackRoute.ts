import type { QueryClient } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { searchRules, text } from '../../lib/searchParams';
import { resolveRange, toIso, trackQuery, type TrackSearch, type TrackSource } from './tracks.queries';

/** /track and /track_gps search: the device and the range as local 'YYYY-MM-DD HH:mm:ss'. */
export const trackSearchSchema = searchRules({ imei: text(), from: text(), to: text() });

/**
 * Starts the track fetch with the route instead of after the first render, without holding the
 * navigation for it: the map loads meanwhile and the screen shows the fetch's progress.
 */
export function trackRouteLoader(client: QueryClient, search: TrackSearch, source: TrackSource, detail = false): void {
  if (!search.imei || !onlineManager.isOnline()) return;
  const local = resolveRange(search);
  void client.prefetchQuery(
    trackQuery({ imei: search.imei, from: toIso(local.from), to: toIso(local.to), source, detail }),
  );
}
