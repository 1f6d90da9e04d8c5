import { useSyncExternalStore } from 'react';
import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/** True while the browser reports no network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Small header badge shown while offline; renders nothing when online. */
export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <Badge color="orange" variant="light" data-testid="offline-badge" role="status">
      <Trans>离线模式</Trans>
    </Badge>
  );
}
