import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CameraWatchAnswer } from '../../../shared/cameras';
import { request, RequestError } from '../../lib/request';
import { resourceKeys } from '../resources/resources.queries';
import type { TileSource } from './wall';

/** Back-off between watch attempts of a failing tile: 5 s, 10 s, 20 s, 40 s, then every 60 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 5_000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The key lives outside the camera resource's namespace: invalidating the camera list (to show a
 * refreshed last error) must not restart every tile's watch, which once made a failing tile ask
 * about 28 times a second.
 */
const watchKey = (source: TileSource) =>
  ['cameraWatch', source.kind, source.kind === 'camera' ? source.id : source.imei] as const;

type WatchState =
  | { phase: 'connecting' }
  | { phase: 'live'; answer: CameraWatchAnswer }
  | { phase: 'failed'; message: string | null; retryAt: number; failures: number };

/**
 * One tile's watch as a small state machine: connecting -> live, or failed with the service's
 * (translated) reason and the next attempt after a growing delay; `retryNow` skips the wait.
 */
export function useCameraWatch(source: TileSource): { state: WatchState; retryNow: () => void } {
  const queryClient = useQueryClient();
  const watch = useQuery({
    queryKey: watchKey(source),
    queryFn: () =>
      source.kind === 'camera'
        ? request<CameraWatchAnswer>(
            'device',
            'camera/watch',
            { id: source.id },
            { quiet: true, background: true, timeoutMs: 30_000 },
          )
        : request<CameraWatchAnswer>(
            'device',
            'camera/watchDevice',
            { imei: source.imei },
            { quiet: true, background: true, timeoutMs: 30_000 },
          ),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
  });
  const { refetch } = watch;
  const failures = watch.isError ? watch.errorUpdateCount : 0;
  const retryAt = watch.errorUpdatedAt + retryDelayMs(failures);

  useEffect(() => {
    if (!watch.isError) return;
    // The service stored why it failed: the camera list's last-error column shows it (the list only).
    if (source.kind === 'camera')
      void queryClient.invalidateQueries({ queryKey: [...resourceKeys.all('camera'), 'list'] });
    const timer = setTimeout(() => void refetch(), Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [watch.isError, retryAt, refetch, queryClient, source.kind]);

  const state: WatchState = watch.data
    ? { phase: 'live', answer: watch.data }
    : watch.isError && !watch.isFetching
      ? {
          phase: 'failed',
          message: watch.error instanceof RequestError ? watch.error.message : null,
          retryAt,
          failures,
        }
      : { phase: 'connecting' };
  return { state, retryNow: () => void refetch() };
}
