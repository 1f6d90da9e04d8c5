import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { readPushState, type PushState } from './phonePush';

/** One query for the header's status and the settings modal, so both change together. */
export const PUSH_STATE_KEY = ['push', 'state'] as const;

/**
 * This browser's push state (phonePush.ts readPushState), read again when the user changes the
 * site's notification permission in the browser. `enabled`: read at all (a closed modal needs not).
 */
export function usePushState(enabled = true): { state: PushState | undefined; refresh: () => Promise<unknown> } {
  const query = useQuery({
    queryKey: PUSH_STATE_KEY,
    queryFn: readPushState,
    enabled,
    // The browser's facts, not the service's: read offline too (the 'push' key is not persisted).
    staleTime: 0,
    networkMode: 'always',
  });
  const { refetch } = query;
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    const onChange = () => void refetch();
    navigator.permissions
      .query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', onChange);
  }, [enabled, refetch]);
  return { state: query.data, refresh: refetch };
}
