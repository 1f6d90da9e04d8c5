import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SosPush } from '../../../shared/alarms/push';

export interface SosDialogProps {
  /** Waiting SOS alerts, oldest first; the first one is shown. */
  queue: SosPush[];
  /** Alarm id -> the name of whoever acknowledged it. */
  taken?: ReadonlyMap<number, string>;
  /** "I'm on it"; absent for read-only users. */
  onAck?: (alarmId: number) => void;
  onClose: () => void;
  onOpenDevice: (imei: string) => void;
}

/**
 * SOS alert (docs/requirements/realtime-intercom.md#sos-alarm). Further SOS arriving while it is open queue up behind
 * it, so no call for help is lost by being replaced; closing shows the next. "I'm on it" acknowledges
 * the alarm; once anyone has, the dialog says who instead (docs/alarms.md#acknowledgement-and-escalation).
 */
export function SosDialog({ queue, taken, onAck, onClose, onOpenDevice }: SosDialogProps) {
  const { t } = useLingui();
  const sos = queue[0];
  const alarmId = sos?.alarmId;
  const name = alarmId === undefined ? undefined : taken?.get(alarmId);
  const rows: [keyof SosPush, string][] = [
    ['name', t`姓名`],
    ['building', t`楼栋`],
    ['unit', t`单元`],
    ['roomNo', t`房号`],
    ['userPhone', t`电话`],
    ['imei', 'IMEI'],
  ];
  return (
    <Modal
      opened={Boolean(sos)}
      onClose={onClose}
      centered
      title={
        <Group gap="xs">
          <Text fw={700} c="red">
            {t`SOS紧急求救`}
          </Text>
          {queue.length > 1 && (
            <Badge color="red" variant="light" data-testid="sos-waiting">
              <Trans>还有 {queue.length - 1} 条</Trans>
            </Badge>
          )}
        </Group>
      }
      data-testid="sos-dialog"
    >
      <Stack gap="xs">
        {sos &&
          rows.map(([key, label]) => (
            <Text key={key} size="sm">
              <Text span c="dimmed">
                {label}:
              </Text>{' '}
              <span data-testid={`sos-${key}`}>{String(sos[key] ?? '') || '-'}</span>
            </Text>
          ))}
        {name !== undefined && (
          <Text size="sm" c="green" fw={600} data-testid="sos-taken">
            <Trans>已由 {name} 接手</Trans>
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} data-testid="sos-close">
            <Trans>关闭</Trans>
          </Button>
          <Button color="red" onClick={() => sos && onOpenDevice(sos.imei)} data-testid="sos-open-device">
            <Trans>查看设备</Trans>
          </Button>
          {alarmId !== undefined && name === undefined && onAck && (
            <Button color="red" variant="filled" onClick={() => onAck(alarmId)} data-testid="sos-ack">
              <Trans>我来处理</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
