import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { dashboardPushSchema } from '../../shared/dashboard';
import { tenantDashboardTopic } from '../../shared/topics';
import { useTenantPush } from './useTenantPush';

/** Without the live bridge (broker down) live figures still refresh, slowly; pushes do the real work. */
export const FALLBACK_REFRESH_MS = 60_000;
/** At most one refetch per this long, however many notices arrive. */
export const LIVE_MIN_GAP_MS = 250;

/**
 * Keeps the query of `queryKey` live: each notice of the tenant's figures (push 9040: a device
 * state, reading or alarm changed) refetches it, at most once per LIVE_MIN_GAP_MS and never two at
 * once (a notice during a fetch queues one more after it). Dashboards and the telemetry list use it.
 */
export function useLiveRefetch(queryKey: QueryKey): void {
  const client = useQueryClient();
  const state = useRef({ running: false, again: false, last: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });
  const key = JSON.stringify(queryKey);

  const refetch = useCallback(() => {
    const s = state.current;
    if (s.running || s.timer) {
      s.again = true;
      return;
    }
    const wait = Math.max(0, s.last + LIVE_MIN_GAP_MS - Date.now());
    s.timer = setTimeout(() => {
      s.timer = undefined;
      s.running = true;
      s.last = Date.now();
      void client.refetchQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true }, { cancelRefetch: false }).finally(() => {
        s.running = false;
        if (s.again) {
          s.again = false;
          refetch();
        }
      });
    }, wait);
  }, [client, key]);

  useEffect(
    () => () => {
      clearTimeout(state.current.timer);
      state.current.timer = undefined;
    },
    [],
  );
  useTenantPush(tenantDashboardTopic, dashboardPushSchema, refetch);
}
