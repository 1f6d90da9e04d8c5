import { Card, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DEVICE_STATE } from '../../../shared/codes';
import type { RouteScreenProps } from '../screens/types';
import { deviceStatsQuery } from './devices.queries';
import { DeviceTable } from './DeviceTable';

interface StatCard {
  key: 'total' | 'online' | 'offline' | 'inactive' | 'abnormal';
  label: ReactNode;
  color: string;
  state?: number;
}

const CARDS: StatCard[] = [
  { key: 'total', label: <Trans>设备总数</Trans>, color: 'blue' },
  { key: 'online', label: <Trans>在线</Trans>, color: 'green', state: DEVICE_STATE.online },
  { key: 'offline', label: <Trans>离线</Trans>, color: 'gray', state: DEVICE_STATE.offline },
  { key: 'inactive', label: <Trans>未激活</Trans>, color: 'yellow', state: DEVICE_STATE.inactive },
  { key: 'abnormal', label: <Trans>异常</Trans>, color: 'red', state: DEVICE_STATE.abnormal },
];

/** Device counts by state; a card filters the list below by its state. */
export function OnlineStatusScreen({ search, onSearchChange }: RouteScreenProps) {
  const stats = useQuery(deviceStatsQuery());
  const current = search.filters?.state;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} data-testid="device-stats">
        {CARDS.map((card) => (
          <UnstyledButton
            key={card.key}
            onClick={() =>
              onSearchChange({ ...search, page: undefined, filters: { ...search.filters, state: card.state } })
            }
          >
            <Card
              withBorder
              style={{ borderColor: current === card.state ? `var(--mantine-color-${card.color}-6)` : undefined }}
              data-testid={`stat-${card.key}`}
            >
              <Text size="xs" c="dimmed">
                {card.label}
              </Text>
              <Text fw={700} size="xl" c={`var(--mantine-color-${card.color}-7)`}>
                {stats.data?.[card.key] ?? '-'}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <DeviceTable preset="online" search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
