import { Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { CommandLog } from './CommandLog';
import { CommandPanel } from './CommandPanel';
import { DeadLetters } from './DeadLetters';
import { DeviceHeader, LastValues } from './DeviceOverview';
import { FrameLog } from './FrameLog';
import { deviceDetailQuery } from './devices.queries';
import { SettingsForm } from './SettingsForm';
import { EventsList, TelemetryChart } from './TelemetryPanel';
import { DevicePicker } from '../tracks/DevicePicker';

/**
 * Device detail (docs/requirements/entities.md#device): live header and values, chart, events, settings, commands and
 * their log; for administrators the dead letters and the raw protocol frames.
 */
export function DeviceDetailScreen({ imei, onPick }: { imei: string | undefined; onPick?: (imei: string) => void }) {
  const detail = useQuery({ ...deviceDetailQuery(imei ?? ''), enabled: Boolean(imei) });
  // Opened from the menu there is no device yet: pick one here (or switch to another).
  const picker = onPick ? <DevicePicker value={imei} onChange={onPick} testId="device-detail-pick" /> : null;
  if (!imei)
    return (
      <Stack gap="sm" data-testid="device-detail-empty">
        {picker}
        <Text c="dimmed">
          {onPick ? <Trans>按名称或IMEI搜索，选择一台设备查看其详情</Trans> : <Trans>请从设备列表选择一台设备</Trans>}
        </Text>
      </Stack>
    );
  if (!detail.data)
    return (
      <Center mih={200}>
        {detail.isError ? (
          <Text c="dimmed">
            <Trans>设备不存在或无权查看</Trans>
          </Text>
        ) : (
          <Loader />
        )}
      </Center>
    );
  const d = detail.data;
  return (
    <Stack gap="md" data-testid="device-detail">
      {picker}
      <DeviceHeader detail={d} />
      <LastValues values={d.lastValues} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <TelemetryChart imei={imei} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <EventsList imei={imei} />
        </Grid.Col>
      </Grid>
      <CommandPanel detail={d} />
      <CommandLog imei={imei} />
      <SettingsForm imei={imei} kind={d.kind} />
      <DeadLetters imei={imei} />
      <FrameLog imei={imei} />
    </Stack>
  );
}
