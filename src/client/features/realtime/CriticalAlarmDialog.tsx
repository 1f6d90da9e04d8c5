import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AlarmTimeline } from '../../../shared/alarms/api';
import type { AlarmRecord, SosPush } from '../../../shared/alarms/push';
import { alarmTimelineQuery } from '../alarms/alarms.queries';
import { alarmTypeLabel } from './alarmLabels';
import { NearestStaff } from './NearestStaff';
import { formatDateCell } from '../../lib/dates';

/** What waits in the dialog's queue: an SOS (push 9003) or another critical alarm (its record). */
export type CriticalAlert = { kind: 'sos'; push: SosPush } | { kind: 'alarm'; alarm: AlarmRecord };

export function alertId(alert: CriticalAlert): number | undefined {
  return alert.kind === 'sos' ? alert.push.alarmId : alert.alarm.id;
}

function alertImei(alert: CriticalAlert): string {
  return alert.kind === 'sos' ? alert.push.imei : alert.alarm.imei;
}

interface CriticalAlarmDialogProps {
  /** Waiting critical alarms, oldest first; the first one is shown. */
  queue: CriticalAlert[];
  /** Alarm id -> the name of whoever acknowledged it. */
  taken?: ReadonlyMap<number, string>;
  /** "I'm on it"; absent for read-only users. */
  onAck?: (alarmId: number) => void;
  onClose: () => void;
  onOpenDevice: (imei: string) => void;
}

/** How far the escalation went: the steps fired, whom the last one told, when the next is due. */
export function escalationSummary(timeline: AlarmTimeline): { steps: number; told: string; nextDueAt: string | null } {
  const notified = timeline.entries.filter((e) => e.kind === 'notified' && e.step !== undefined);
  const steps = notified.reduce((max, e) => Math.max(max, (e.step ?? 0) + 1), 0);
  const told = [...new Set(notified.filter((e) => (e.step ?? 0) + 1 === steps).map((e) => e.target ?? ''))]
    .filter(Boolean)
    .join('、');
  return { steps, told, nextDueAt: timeline.escalation === 'running' ? timeline.nextDueAt : null };
}

/**
 * One line on the escalation of the shown alarm (docs/alarms.md#acknowledgement-and-escalation), read from its
 * timeline; the bridge refetches it when a step sends the alarm again. Nothing while no policy escalates it.
 */
function EscalationLine({ alarmId, testId }: { alarmId: number; testId: string }) {
  const { t } = useLingui();
  const timeline = useQuery(alarmTimelineQuery(alarmId, { quiet: true }));
  const data = timeline.data;
  if (!data || data.escalation === 'none') return null;
  const { steps, told, nextDueAt } = escalationSummary(data);
  if (steps === 0 && !nextDueAt) return null;
  const next = formatDateCell(nextDueAt);
  const parts = [
    steps > 0 && (told ? t`已升级：第 ${steps} 步，已通知 ${told}` : t`已升级：第 ${steps} 步`),
    nextDueAt && t`下一步于 ${next}`,
  ].filter(Boolean);
  return (
    <Text size="sm" c="orange" fw={600} data-testid={testId} data-steps={steps} data-state={data.escalation}>
      {parts.join(' · ')}
    </Text>
  );
}

/**
 * A critical alarm (docs/requirements/realtime-intercom.md#sos-alarm for the SOS, docs/alarms.md#acknowledgement-and-escalation
 * for every critical type). Further ones arriving while it is open queue up behind it, so no call for help is lost by
 * being replaced; closing shows the next. "I'm on it" acknowledges the alarm; once anyone has, the dialog says who
 * instead. An SOS keeps its look and its `sos-*` test ids; another type is titled with its name (`critical-*`).
 */
export function CriticalAlarmDialog({ queue, taken, onAck, onClose, onOpenDevice }: CriticalAlarmDialogProps) {
  const { t } = useLingui();
  const head = queue[0];
  const alarmId = head && alertId(head);
  const name = alarmId === undefined ? undefined : taken?.get(alarmId);
  const id = (part: string) => `${head?.kind === 'alarm' ? 'critical' : 'sos'}-${part}`;
  const rows: [string, string, unknown][] =
    head?.kind === 'alarm'
      ? [
          ['device', t`设备`, head.alarm.deviceName],
          ['person', t`人员`, head.alarm.personName],
          ['phone', t`电话`, head.alarm.personPhone],
          ['location', t`位置`, head.alarm.location],
          ['ts', t`时间`, formatDateCell(head.alarm.ts)],
          ['imei', 'IMEI', head.alarm.imei],
        ]
      : head?.kind === 'sos'
        ? [
            ['name', t`姓名`, head.push.name],
            ['building', t`楼栋`, head.push.building],
            ['unit', t`单元`, head.push.unit],
            ['roomNo', t`房号`, head.push.roomNo],
            ['userPhone', t`电话`, head.push.userPhone],
            ['imei', 'IMEI', head.push.imei],
          ]
        : [];
  return (
    <Modal
      opened={Boolean(head)}
      onClose={onClose}
      centered
      title={
        <Group gap="xs">
          <Text fw={700} c="red" data-testid={id('title')}>
            {head?.kind === 'alarm' ? alarmTypeLabel(head.alarm.type) : t`SOS紧急求救`}
          </Text>
          {queue.length > 1 && (
            <Badge color="red" variant="light" data-testid={id('waiting')}>
              <Trans>还有 {queue.length - 1} 条</Trans>
            </Badge>
          )}
        </Group>
      }
      data-testid={id('dialog')}
      data-type={head?.kind === 'alarm' ? head.alarm.type : undefined}
    >
      <Stack gap="xs">
        {rows.map(([key, label, value]) => (
          <Text key={key} size="sm">
            <Text span c="dimmed">
              {label}:
            </Text>{' '}
            <span data-testid={id(key)}>{String(value ?? '') || '-'}</span>
          </Text>
        ))}
        {alarmId !== undefined && name === undefined && <EscalationLine alarmId={alarmId} testId={id('escalation')} />}
        {alarmId !== undefined && name === undefined && <NearestStaff alarmId={alarmId} testId={id('nearest')} />}
        {name !== undefined && (
          <Text size="sm" c="green" fw={600} data-testid={id('taken')}>
            <Trans>已由 {name} 接手</Trans>
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} data-testid={id('close')}>
            <Trans>关闭</Trans>
          </Button>
          <Button color="red" onClick={() => head && onOpenDevice(alertImei(head))} data-testid={id('open-device')}>
            <Trans>查看设备</Trans>
          </Button>
          {alarmId !== undefined && name === undefined && onAck && (
            <Button color="red" variant="filled" onClick={() => onAck(alarmId)} data-testid={id('ack')}>
              <Trans>我来处理</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
