import { Stack, Switch, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isReadOnly } from '../../lib/session';
import { startSharing, stopSharing } from './sharing';
import { usePatrol } from './usePatrol';

/** The explicit opt-in: "Share my location while on duty" (user menu and the header indicator's popover). */
export function ShareLocationSwitch() {
  const { t } = useLingui();
  const { sharing, error, queued } = usePatrol();
  // The visitor writes nothing: the service would refuse its fixes (docs/permissions.md).
  if (isReadOnly()) return null;
  return (
    <Stack gap={4} px="sm" py={6}>
      <Switch
        size="md"
        checked={sharing}
        onChange={(e) => (e.currentTarget.checked ? startSharing() : stopSharing())}
        label={t`值班时共享我的位置`}
        data-testid="share-location-switch"
        styles={{ body: { minHeight: 48, alignItems: 'center' } }}
      />
      {error === 'denied' && (
        <Text size="xs" c="red">
          <Trans>浏览器未允许定位：请在浏览器设置中允许本站使用位置。</Trans>
        </Text>
      )}
      {error === 'unavailable' && sharing && (
        <Text size="xs" c="orange">
          <Trans>暂时无法定位，正在重试。</Trans>
        </Text>
      )}
      {error === 'unsupported' && (
        <Text size="xs" c="red">
          <Trans>此浏览器不支持定位。</Trans>
        </Text>
      )}
      {queued > 0 && (
        <Text size="xs" c="dimmed" data-testid="share-location-queued">
          <Trans>{queued} 个位置待发送（恢复网络后按顺序发送）</Trans>
        </Text>
      )}
    </Stack>
  );
}
