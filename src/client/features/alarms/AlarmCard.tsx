import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { CRITICAL_LEVEL } from '../../../shared/alarms/escalation';
import type { Row } from '../resources/resources.queries';
import { AckBadge, HandleBadge, LevelBadge, LEVEL_COLOR, TitleText, TypeText, valueText } from './AlarmCells';
import { formatDateCell } from '../../lib/dates';

/** One alarm in the narrow map-layout lists: level, type, device, time, then the screen's buttons. */
export function AlarmCard({ row, children }: { row: Row; children?: ReactNode }) {
  const unread = Number(row.read) === 0;
  const value = valueText(row);
  return (
    <Card
      withBorder
      padding="xs"
      data-testid="alarm-card"
      data-id={row.id}
      data-read={unread ? 'no' : 'yes'}
      style={{ borderInlineStart: `4px solid var(--mantine-color-${LEVEL_COLOR[Number(row.level)] ?? 'gray'}-6)` }}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <LevelBadge level={row.level} />
            <Text fw={unread ? 700 : 500} size="sm" lineClamp={1}>
              <TypeText type={row.type} />
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            {Number(row.level) === CRITICAL_LEVEL && Number(row.handleState) === 0 && <AckBadge row={row} />}
            <HandleBadge state={row.handleState} />
          </Group>
        </Group>
        {typeof row.title === 'string' && row.title.includes(' · ') && (
          <Text size="sm" lineClamp={2}>
            <TitleText row={row} />
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {[row.deviceName, row.imei, row.personName].filter((v) => typeof v === 'string' && v).join(' · ')}
          {value !== '-' ? ` · ${value}` : ''}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {formatDateCell(row.ts ?? row.createdAt)}
          </Text>
          <Group gap={4}>{children}</Group>
        </Group>
      </Stack>
    </Card>
  );
}
