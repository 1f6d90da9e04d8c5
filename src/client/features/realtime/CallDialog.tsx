import { Suspense, useCallback, useEffect, useMemo } from 'react';
import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazyScreen } from '../../lib/chunks';
import { callIsComplete } from '../../../shared/alarms/push';
import { LOCAL_APP_ID, type JoinParams } from '../media/types';
import type { CallMachine, CallState } from './callMachine';

// The media (WebRTC, and Agora's SDK when configured) loads with the first ringing call, not with the shell.
const CallMedia = lazyScreen(() => import('../media/CallMedia').then((m) => m.CallMedia));

/**
 * The answered call (docs/requirements/realtime-intercom.md#door-unit-video-call): the door
 * unit's picture and sound with the local preview and switches (CallMedia), the call's data,
 * unlock and hang-up. Closing the dialog leaves the channel; so does the door unit leaving.
 */
export function CallDialog({ state, machine }: { state: CallState; machine: CallMachine }) {
  const { t } = useLingui();
  const call = state.call;
  const join = useMemo<JoinParams | null>(
    () =>
      call && call.channel && call.appToken && call.appUid !== undefined
        ? {
            appId: call.appId || LOCAL_APP_ID,
            channel: call.channel,
            token: call.appToken,
            uid: String(call.appUid),
            video: true,
          }
        : null,
    [call],
  );
  // Ringing: fetch the media script meanwhile, so answering shows the picture without a wait.
  useEffect(() => {
    if (state.drawerOpen) void CallMedia.preload().catch(() => undefined);
  }, [state.drawerOpen]);
  // Ringing: receive the door unit already, so the dialog opens on its picture (docs/performance.md,
  // "Door call: where the time went"); the dialog's CallMedia takes that call, and a call that ends
  // unanswered lets it go. Keyed on busy, which stays set from the ring to the hang-up.
  const ringingCall = state.busy && call && callIsComplete(call) ? join : null;
  useEffect(() => {
    if (!ringingCall) return;
    let release: (() => void) | undefined;
    let over = false;
    void import('../media/index').then(
      (media) => {
        if (!over) release = media.prepareCall(ringingCall);
      },
      () => undefined,
    );
    return () => {
      over = true;
      release?.();
    };
  }, [ringingCall]);
  const hangUp = useCallback(() => void machine.hangUp(), [machine]);
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
  const actions = (
    <>
      <Button
        variant="light"
        color="orange"
        onClick={() => machine.unlock()}
        loading={state.unlocking}
        disabled={state.dialogUnlocked}
        data-testid="call-dialog-unlock"
      >
        <Trans>开锁</Trans>
      </Button>
      <Button color="red" onClick={hangUp} data-testid="call-hangup">
        <Trans>挂断</Trans>
      </Button>
    </>
  );
  return (
    <Modal
      opened={state.dialogOpen}
      onClose={() => machine.closeDialog()}
      title={<span data-testid="call-dialog-title">{state.dialogUnlocked ? t`已开锁` : t`门口机通话`}</span>}
      size="lg"
      data-testid="call-dialog"
    >
      <Stack>
        {join ? (
          <Suspense fallback={actions}>
            <CallMedia join={join} onRemoteLeft={hangUp} actions={actions} />
          </Suspense>
        ) : (
          actions
        )}
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
      </Stack>
    </Modal>
  );
}
