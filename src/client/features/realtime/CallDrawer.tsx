import { Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CallMachine, CallState } from './callMachine';
import { mmss } from './callMachine';

/** Where the call comes from: community, building, unit and room, skipping the empty parts. */
function callPlace(call: NonNullable<CallState['call']>): string {
  return [call.community, call.building, call.unit, call.roomNo].filter(Boolean).join(' / ');
}

/**
 * Incoming door-unit call (docs/requirements/realtime-intercom.md#global-shell): right drawer 30% wide that only the
 * flow closes, never a click outside, Escape or a close button.
 */
export function CallDrawer({ state, machine }: { state: CallState; machine: CallMachine }) {
  const { t } = useLingui();
  const text = {
    ringing: t`门口机正在发起呼叫请求...`,
    answering: t`接听中...`,
    ignored: t`已忽略`,
    unlocked: t`已开锁`,
  }[state.text];
  const acting = state.text !== 'ringing';
  return (
    <Drawer
      opened={state.drawerOpen}
      onClose={() => undefined}
      position="right"
      size="30%"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title={<Trans>门口机来电</Trans>}
      data-testid="call-drawer"
    >
      {state.call && (
        <Stack gap="md">
          <Title order={4}>{callPlace(state.call) || state.call.imei}</Title>
          <Text data-testid="call-status" data-state={state.text} role="status">
            {text}
          </Text>
          <Text size="xl" fw={700} ff="monospace" data-testid="call-countdown">
            {mmss(state.remaining)}
          </Text>
          <Group grow>
            <Button color="teal" onClick={() => machine.answer()} disabled={acting} data-testid="call-answer">
              <Trans>接听</Trans>
            </Button>
            <Button
              color="gray"
              variant="light"
              onClick={() => machine.ignore()}
              disabled={acting}
              data-testid="call-ignore"
            >
              <Trans>忽略</Trans>
            </Button>
            <Button
              color="orange"
              variant="light"
              onClick={() => machine.unlock()}
              loading={state.unlocking}
              disabled={state.text === 'ignored' || state.text === 'unlocked'}
              data-testid="call-unlock"
            >
              <Trans>开锁</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
