import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { dashboardPushSchema, type DashboardPush } from '../../shared/dashboard';
import { tenantDashboardTopic } from '../../shared/topics';
import { useTenantPush } from './useTenantPush';

/** Without the live bridge (broker down) live figures still refresh, slowly; pushes do the real work. */
export const FALLBACK_REFRESH_MS = 60_000;
/** At most one refetch per this long, however many notices arrive. */
export const LIVE_MIN_GAP_MS = 250;
/**
 * How long a dashboard lets a notice of readings alone wait after its last refetch: a fleet
 * reports every few seconds, and a wall screen on a site's mobile data should not download the
 * summary twice a second for it. Alarm and device-state notices still refetch at once.
 */
export const READINGS_GAP_MS = 30_000;

/**
 * Keeps the query of `queryKey` live: each notice of the tenant's figures (push 9040: a device
 * state, reading or alarm changed) refetches it, at most once per LIVE_MIN_GAP_MS and never two at
 * once (a notice during a fetch queues one more after it). A notice of readings alone waits until
 * `readingsGapMs` after the last refetch. Dashboards and the telemetry list use it.
 */
export function useLiveRefetch(
  queryKey: QueryKey,
  { readingsGapMs = LIVE_MIN_GAP_MS }: { readingsGapMs?: number } = {},
): void {
  const client = useQueryClient();
  const state = useRef({
    running: false,
    again: Infinity,
    last: 0,
    due: Infinity,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const key = JSON.stringify(queryKey);

  const run = useCallback(
    function schedule(gap: number) {
      const s = state.current;
      if (s.running) {
        s.again = Math.min(s.again, gap);
        return;
      }
      // The last answer counts however it came (the first load, the safety poll, a notice).
      const last = Math.max(s.last, client.getQueryState(JSON.parse(key) as QueryKey)?.dataUpdatedAt ?? 0);
      const due = last + gap;
      if (s.timer && s.due <= due) return;
      clearTimeout(s.timer);
      s.due = due;
      s.timer = setTimeout(
        () => {
          s.timer = undefined;
          s.due = Infinity;
          s.running = true;
          s.last = Date.now();
          void client
            .refetchQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true }, { cancelRefetch: false })
            .finally(() => {
              s.running = false;
              const again = s.again;
              s.again = Infinity;
              if (again !== Infinity) schedule(again);
            });
        },
        Math.max(0, due - Date.now()),
      );
    },
    [client, key],
  );
  const onNotice = useCallback(
    (push: DashboardPush) =>
      run(push.parts.some((p) => p !== 'readings') ? LIVE_MIN_GAP_MS : Math.max(LIVE_MIN_GAP_MS, readingsGapMs)),
    [run, readingsGapMs],
  );

  useEffect(
    () => () => {
      clearTimeout(state.current.timer);
      state.current.timer = undefined;
    },
    [],
  );
  useTenantPush(tenantDashboardTopic, dashboardPushSchema, onNotice);
}
