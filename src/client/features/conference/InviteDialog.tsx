import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONF_CAPACITY } from '../../../shared/conference';
import type { BatchCommandResult } from '../../../shared/devices/api';
import { VIDEO_CALL_KINDS } from '../../../shared/devices/kinds';
import { request } from '../../lib/request';
import { BatchResults } from '../tools/BatchResults';
import { DevicePicker, type PickedDevice } from '../tools/DevicePicker';

/** `order/manyVideoCallToJuphoon`: the devices asked into the room the caller is in, each answered on its own. */
export const inviteDevices = (roomId: string, imeis: string[], video: boolean) =>
  request<{ results: BatchCommandResult[] }>('device', 'order/manyVideoCallToJuphoon', {
    imeis,
    hide: 0,
    roomId,
    video: video ? 1 : 0,
  });

/**
 * 邀请设备: door units, watches and helmets picked from the company's devices join the room with
 * their camera and microphone; each is listed with its delivery and acknowledgement (or why not).
 */
export function InviteDialog({
  roomId,
  opened,
  onClose,
  free,
}: {
  roomId: string;
  opened: boolean;
  onClose: () => void;
  free: number;
}) {
  const { t } = useLingui();
  const [picked, setPicked] = useState<PickedDevice[]>([]);
  const [video, setVideo] = useState(true);
  const send = useMutation({
    mutationFn: () =>
      inviteDevices(
        roomId,
        picked.map((p) => p.imei),
        video,
      ),
  });
  const tooMany = picked.length > Math.min(free, CONF_CAPACITY);
  const close = () => {
    setPicked([]);
    send.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t`邀请设备`} size="xl" data-testid="conf-invite-dialog">
      <Stack gap="sm">
        <DevicePicker kinds={VIDEO_CALL_KINDS} picked={picked} onChange={setPicked} />
        <Group justify="space-between">
          <Switch label={t`视频`} checked={video} onChange={(e) => setVideo(e.currentTarget.checked)} />
          <Text size="sm" c={tooMany ? 'red' : 'dimmed'} data-testid="conf-invite-count">
            {t`已选 ${picked.length} 台，房间还可加入 ${free} 人`}
          </Text>
        </Group>
        {send.data && <BatchResults results={send.data.results} />}
        {send.isError && (
          <Alert color="red" variant="light">
            <Trans>邀请失败</Trans>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <Trans>关闭</Trans>
          </Button>
          <Button
            disabled={picked.length === 0 || tooMany}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="conf-invite-submit"
          >
            <Trans>邀请</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
