import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconMicrophone, IconMicrophoneOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { mmss } from '../realtime/callMachine';
import { StreamVideo } from './StreamVideo';
import type { JoinParams, MediaWarning } from './types';
import { useCallSeconds, useMediaCall, useMediaStats } from './useMediaCall';

/**
 * The answered call's media (docs/requirements/realtime-intercom.md#door-unit-video-call): the
 * door unit's picture and sound, the local preview, microphone and camera switches, the call's
 * duration and its receive quality; the call dialog adds unlock and hang-up as `actions`. It
 * joins when mounted and leaves when unmounted; when the door unit leaves, `onRemoteLeft` ends
 * the call.
 */
export function CallMedia({
  join,
  onRemoteLeft,
  actions,
}: {
  join: JoinParams;
  onRemoteLeft: () => void;
  actions: ReactNode;
}) {
  const { t } = useLingui();
  const { call, snapshot } = useMediaCall(join);
  const connected = snapshot.state === 'connected';
  const stats = useMediaStats(call, connected);
  const seconds = useCallSeconds(connected);
  const remote = snapshot.remote[0];
  const left = snapshot.remoteLeft;
  useEffect(() => {
    if (left) onRemoteLeft();
  }, [left, onRemoteLeft]);

  const warnings: Record<MediaWarning, string> = {
    incompatible: t`当前浏览器不兼容 WebSDK`,
    noDevices: t`检测不到可用的麦克风、摄像头设备`,
    insecure: t`你的浏览器环境不是localhost或https`,
    failed: t`无法建立音视频连接，可继续开锁或挂断`,
  };
  const stateText = {
    connecting: t`正在连接…`,
    connected: mmss(seconds),
    reconnecting: t`网络变化，正在重新连接…`,
    closed: t`音视频未连接`,
  }[snapshot.state];

  return (
    <>
      {snapshot.warning && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          data-testid="call-media-warning"
          data-warning={snapshot.warning}
        >
          {warnings[snapshot.warning]}
        </Alert>
      )}
      <Box
        pos="relative"
        bg="dark.9"
        style={{ aspectRatio: '4 / 3', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        data-testid="call-media"
        data-state={snapshot.state}
      >
        {remote ? (
          <StreamVideo stream={remote.stream} testId="call-remote-video" />
        ) : (
          <Text c="gray.5" size="sm" pos="absolute" top="50%" left={0} right={0} ta="center">
            {snapshot.state === 'closed' ? t`音视频未连接` : t`等待门口机画面…`}
          </Text>
        )}
        {snapshot.preview && (
          <Box
            pos="absolute"
            bottom={8}
            style={{
              insetInlineEnd: 8,
              width: '26%',
              aspectRatio: '4 / 3',
              borderRadius: 6,
              overflow: 'hidden',
              border: '2px solid rgba(255,255,255,.6)',
            }}
          >
            <StreamVideo stream={snapshot.preview} local testId="call-local-video" />
          </Box>
        )}
        <Badge
          pos="absolute"
          top={8}
          style={{ insetInlineStart: 8 }}
          color={connected ? 'green' : snapshot.state === 'reconnecting' ? 'orange' : 'gray'}
          data-testid="call-duration"
        >
          {stateText}
        </Badge>
        {stats && stats.width > 0 && (
          <Text
            size="xs"
            c="gray.3"
            pos="absolute"
            bottom={8}
            style={{ insetInlineStart: 8 }}
            data-testid="call-quality"
            data-frames={stats.framesDecoded ?? ''}
            data-audio-energy={stats.audioEnergy ?? ''}
          >
            {stats.width}×{stats.height} · {Math.round(stats.fps)} fps · {stats.kbps} kbps
          </Text>
        )}
      </Box>
      <Group justify="space-between">
        <Group gap="xs">
          <Tooltip label={snapshot.microphone ? t`静音` : t`取消静音`}>
            <ActionIcon
              size="lg"
              variant={snapshot.microphone ? 'light' : 'filled'}
              color={snapshot.microphone ? 'blue' : 'red'}
              onClick={() => void call?.setMicrophone(!snapshot.microphone)}
              aria-label={snapshot.microphone ? t`静音` : t`取消静音`}
              aria-pressed={!snapshot.microphone}
              data-testid="call-mic"
            >
              {snapshot.microphone ? <IconMicrophone size={18} /> : <IconMicrophoneOff size={18} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={snapshot.camera ? t`关闭摄像头` : t`打开摄像头`}>
            <ActionIcon
              size="lg"
              variant={snapshot.camera ? 'light' : 'default'}
              disabled={!snapshot.hasCamera}
              onClick={() => void call?.setCamera(!snapshot.camera)}
              aria-label={snapshot.camera ? t`关闭摄像头` : t`打开摄像头`}
              aria-pressed={snapshot.camera}
              data-testid="call-camera"
            >
              {snapshot.camera ? <IconVideo size={18} /> : <IconVideoOff size={18} />}
            </ActionIcon>
          </Tooltip>
          {!snapshot.hasCamera && snapshot.state !== 'connecting' && (
            <Text size="xs" c="dimmed">
              <Trans>无摄像头，仅语音</Trans>
            </Text>
          )}
        </Group>
        <Group gap="xs">{actions}</Group>
      </Group>
    </>
  );
}

export default CallMedia;
