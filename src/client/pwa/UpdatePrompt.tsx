import { useEffect } from 'react';
import { Button, Dialog, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRegisterSW } from './registerSW';

// Tablets stay open for days; without a periodic check they would only see an update on reload.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (a no-op in the dev server) and asks before switching to a new
 * version, so a form being filled in is never reloaded away. Mount once in the shell.
 */
export function UpdatePrompt() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    notifications.show({ message: t`已缓存，可离线使用`, color: 'teal', autoClose: 3000 });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, t]);

  return (
    <Dialog
      opened={needRefresh}
      withCloseButton
      onClose={() => setNeedRefresh(false)}
      size="md"
      radius="md"
      role="alertdialog"
      aria-live="polite"
      data-testid="update-prompt"
    >
      <Text size="sm" fw={600} mb={4}>
        <Trans>发现新版本</Trans>
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>刷新页面即可使用新版本。</Trans>
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={() => setNeedRefresh(false)}>
          <Trans>稍后</Trans>
        </Button>
        <Button size="xs" onClick={() => void updateServiceWorker(true)} data-testid="update-prompt-reload">
          <Trans>刷新</Trans>
        </Button>
      </Group>
    </Dialog>
  );
}
export { OfflineBadge, useOnline } from './OfflineBadge';
