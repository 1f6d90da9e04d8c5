import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { isChunkLoadError } from '../lib/chunks';
import { isNoPermission } from '../lib/gate';
import { NoPermission } from './NoPermission';
import { StatusScreen } from './StatusScreen';

/**
 * The router's default error component: "no viewing permission" from the gate; a reload prompt
 * when a screen's script could not be loaded (a deploy replaced it, the network dropped, or it
 * took over 120 s), since only a fresh page knows the new chunk names; else a retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isNoPermission(error)) return <NoPermission />;
  if (isChunkLoadError(error)) {
    return (
      <StatusScreen
        testId="chunk-error"
        icon={<IconRefresh size={28} />}
        title={<Trans>页面脚本加载失败</Trans>}
        description={<Trans>网络中断或系统已更新，请重新加载页面。</Trans>}
        actions={
          <Button onClick={() => window.location.reload()} data-testid="chunk-reload">
            <Trans>重新加载</Trans>
          </Button>
        }
      />
    );
  }
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <StatusScreen
      testId="route-error"
      icon={<IconAlertTriangle size={28} />}
      title={<Trans>页面加载失败</Trans>}
      description={error instanceof Error ? error.message : undefined}
      actions={
        <Button variant="light" onClick={retry}>
          <Trans>重试</Trans>
        </Button>
      }
    />
  );
}
