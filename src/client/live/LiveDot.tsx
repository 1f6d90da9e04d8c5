import { Box, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useLiveStatus } from './liveStore';
import type { LiveStatus } from './types';

const COLORS: Record<LiveStatus, string> = {
  connected: 'var(--mantine-color-teal-6)',
  connecting: 'var(--mantine-color-yellow-6)',
  reconnecting: 'var(--mantine-color-orange-6)',
  idle: 'var(--mantine-color-gray-5)',
};

/** Header dot for the live connection: green connected, yellow connecting, orange reconnecting. */
export function LiveDot() {
  const { t } = useLingui();
  const status = useLiveStatus();
  const label = {
    connected: t`实时推送已连接`,
    connecting: t`实时推送连接中`,
    reconnecting: t`实时推送重连中`,
    idle: t`实时推送未连接`,
  }[status];
  return (
    <Tooltip label={label} withArrow>
      <Box
        role="status"
        aria-label={label}
        data-testid="live-dot"
        data-status={status}
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: COLORS[status], flexShrink: 0 }}
      />
    </Tooltip>
  );
}
