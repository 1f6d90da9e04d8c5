import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { ackStateOf, CRITICAL_LEVEL } from '../../../shared/alarms/escalation';
import { ALARM_HANDLE } from '../../../shared/alarms/types';
import type { Row } from '../resources/resources.queries';
import {
  ALARM_HANDLE_LABELS,
  ALARM_LEVEL_LABELS,
  ALARM_READ_LABELS,
  alarmTitleText,
  alarmTypeText,
  labelText,
} from './alarmLabels';
import { formatDateCell } from '../../lib/dates';

/** Notice blue, warning orange, critical red (critical ones also ring in the shell). */
export const LEVEL_COLOR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };
const HANDLE_COLOR: Record<number, string> = { 0: 'red', 1: 'green', 2: 'gray' };

export function LevelBadge({ level }: { level: unknown }) {
  const { i18n } = useLingui();
  const n = Number(level);
  return (
    <Badge color={LEVEL_COLOR[n] ?? 'gray'} variant="filled" data-testid="alarm-level" data-level={n}>
      {labelText(i18n, ALARM_LEVEL_LABELS, n)}
    </Badge>
  );
}

export function TypeText({ type }: { type: unknown }) {
  const { i18n } = useLingui();
  return (
    <Text size="sm" span data-testid="alarm-type" data-type={Number(type)}>
      {alarmTypeText(i18n, Number(type))}
    </Text>
  );
}

export function TitleText({ row }: { row: Row }) {
  const { i18n } = useLingui();
  return (
    <Text size="sm" span data-testid="alarm-title">
      {alarmTitleText(i18n, row)}
    </Text>
  );
}

function ReadBadge({ read }: { read: unknown }) {
  const { i18n } = useLingui();
  const unread = Number(read) === 0;
  return (
    <Badge
      color={unread ? 'red' : 'gray'}
      variant={unread ? 'light' : 'outline'}
      data-testid="alarm-read"
      data-read={unread ? 'no' : 'yes'}
    >
      {labelText(i18n, ALARM_READ_LABELS, unread ? 0 : 1)}
    </Badge>
  );
}

export function HandleBadge({ state }: { state: unknown }) {
  const { i18n } = useLingui();
  const n = Number(state);
  return (
    <Badge color={HANDLE_COLOR[n] ?? 'gray'} variant="light" data-testid="alarm-handle" data-state={n}>
      {labelText(i18n, ALARM_HANDLE_LABELS, n)}
    </Badge>
  );
}

const ackedAtOf = (row: Row) => (typeof row.ackedAt === 'string' ? row.ackedAt : null);

/** Raised, acknowledged by whom, or handled (docs/alarms.md#acknowledgement-and-escalation). */
export function AckBadge({ row }: { row: Row }) {
  const state = ackStateOf({ ackedAt: ackedAtOf(row), handleState: Number(row.handleState) });
  const name = typeof row.ackedByName === 'string' ? row.ackedByName : '';
  const color = state === 'raised' ? 'red' : state === 'acknowledged' ? 'blue' : 'green';
  return (
    <Badge color={color} variant="light" data-testid="alarm-ack" data-state={state}>
      {state === 'raised' && <Trans>待接手</Trans>}
      {state === 'acknowledged' && <Trans>已由 {name} 接手</Trans>}
      {state === 'handled' && <Trans>已处理</Trans>}
    </Badge>
  );
}

/** Offered "I'm on it": a critical alarm still pending that nobody has taken. */
export function canAcknowledge(row: Row): boolean {
  return Number(row.level) === CRITICAL_LEVEL && Number(row.handleState) === ALARM_HANDLE.pending && !ackedAtOf(row);
}

function DeviceCell({ row }: { row: Row }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{typeof row.deviceName === 'string' && row.deviceName ? row.deviceName : '-'}</Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {String(row.imei ?? '')}
      </Text>
    </Stack>
  );
}

/** "value / threshold"; either side may be missing (event alarms carry neither). */
export function valueText(row: Row): string {
  const value = row.value ?? null;
  const threshold = row.threshold ?? null;
  if (value === null && threshold === null) return '-';
  return `${value ?? '-'} / ${threshold ?? '-'}`;
}

/** The record's columns as the alarm screens render them (keys are the record's fields). */
export const alarmCells: Record<string, (row: Row) => ReactNode> = {
  level: (row) => <LevelBadge level={row.level} />,
  type: (row) => <TypeText type={row.type} />,
  title: (row) => <TitleText row={row} />,
  imei: (row) => <DeviceCell row={row} />,
  value: (row) => valueText(row),
  ts: (row) => formatDateCell(row.ts),
  createdAt: (row) => formatDateCell(row.createdAt),
  read: (row) => <ReadBadge read={row.read} />,
  // Pending and taken: who is on it shows beside the state.
  handleState: (row) => (
    <Group gap={4} wrap="nowrap">
      <HandleBadge state={row.handleState} />
      {Number(row.handleState) === ALARM_HANDLE.pending && ackedAtOf(row) && <AckBadge row={row} />}
    </Group>
  ),
  ackedByName: (row) => <AckBadge row={row} />,
};
