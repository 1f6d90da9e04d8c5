import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { isNoPermission } from '../lib/gate';
import { NoPermission } from './NoPermission';
import { StatusScreen } from './StatusScreen';

/** The router's default error component: "no viewing permission" from the gate, else a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isNoPermission(error)) return <NoPermission />;
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
