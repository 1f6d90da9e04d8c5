import { Anchor, Badge, CloseButton, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_STATE } from '../../../shared/codes';
import { useLinkClick } from '../../lib/useLinkClick';
import { stateColor } from '../markerStyle';
import { deviceInfoQuery } from '../queries';
import { lastConnectTime, skuImage } from './deviceInfo';
import classes from '../MapView.module.css';

/**
 * The marker popup (docs/requirements/realtime-map-and-tracks.md#device-info), filled by getDeviceInfo, linking to the
 * device profile.
 */
export function DevicePopup({ imei, onClose }: { imei: string; onClose: () => void }) {
  const { t } = useLingui();
  const linkClick = useLinkClick();
  const { data: info, isPending, isError } = useQuery(deviceInfoQuery(imei));
  const href = `/ProDeviceList?imei=${encodeURIComponent(imei)}`;
  const stateText = (s: number) =>
    s === DEVICE_STATE.online
      ? t`在线`
      : s === DEVICE_STATE.offline
        ? t`离线`
        : s === DEVICE_STATE.inactive
          ? t`未激活`
          : t`异常`;
  const image = info ? skuImage(info) : undefined;

  return (
    <Paper className={classes.overlay} shadow="md" p="sm" withBorder data-testid="device-popup">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={600} lineClamp={1}>
          {info?.name || imei}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t`关闭`} />
      </Group>
      {isPending && <Loader size="xs" />}
      {isError && (
        <Text size="sm" c="red">
          <Trans>设备信息加载失败</Trans>
        </Text>
      )}
      {info && (
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {image && <Image src={image} w={56} h={56} fit="contain" alt="" />}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" data-testid="device-popup-imei">
              IMEI: {info.imei}
            </Text>
            <Group gap={6}>
              <Badge size="sm" color={stateColor(info.state)} variant="filled">
                {stateText(info.state)}
              </Badge>
              {info.battery != null && (
                <Text size="sm">
                  <Trans>电量</Trans> {info.battery}%
                </Text>
              )}
            </Group>
            {info.lat != null && info.lon != null && (
              <Text size="xs" c="dimmed">
                {info.lon.toFixed(6)}, {info.lat.toFixed(6)}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              <Trans>最后连接</Trans> {lastConnectTime(info) || '-'}
            </Text>
            <Anchor size="sm" href={href} onClick={linkClick(href)} data-testid="device-popup-link">
              <Trans>设备档案</Trans>
            </Anchor>
          </Stack>
        </Group>
      )}
    </Paper>
  );
}
