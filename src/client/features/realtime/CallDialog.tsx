import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CallMachine, CallState } from './callMachine';

/**
 * The answered call: its data and hang-up. The audio/video media comes in a later issue; the
 * dialog says so instead of pretending to connect.
 */
export function CallDialog({ state, machine }: { state: CallState; machine: CallMachine }) {
  const { t } = useLingui();
  const call = state.call;
  const rows: [string, string | number | undefined][] = call
    ? [
        [t`小区`, call.community],
        [t`楼栋`, call.building],
        [t`单元`, call.unit],
        [t`房号`, call.roomNo],
        [t`频道`, call.channel],
        ['IMEI', call.imei],
      ]
    : [];
  return (
    <Modal
      opened={state.dialogOpen}
      onClose={() => machine.closeDialog()}
      title={<span data-testid="call-dialog-title">{state.dialogUnlocked ? t`已开锁` : t`门口机通话`}</span>}
      size="lg"
      data-testid="call-dialog"
    >
      <Stack>
        <SimpleGrid cols={2} spacing="xs">
          {rows.map(([label, value]) => (
            <Text key={label} size="sm">
              <Text span c="dimmed">
                {label}:
              </Text>{' '}
              {value || '-'}
            </Text>
          ))}
        </SimpleGrid>
        <Alert variant="light" color="gray" icon={<IconVideoOff size={18} />} data-testid="call-media-placeholder">
          <Trans>音视频通话将在后续版本提供。</Trans>
        </Alert>
        <Group justify="flex-end">
          <Button variant="light" color="orange" onClick={() => machine.unlock()} loading={state.unlocking} disabled={state.dialogUnlocked} data-testid="call-dialog-unlock">
            <Trans>开锁</Trans>
          </Button>
          <Button color="red" onClick={() => void machine.hangUp()} data-testid="call-hangup">
            <Trans>挂断</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
