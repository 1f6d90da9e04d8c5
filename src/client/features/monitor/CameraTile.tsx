import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCamera,
  IconMaximize,
  IconMicrophone,
  IconMicrophoneOff,
  IconPlayerRecord,
  IconPlayerStop,
  IconX,
} from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CameraWatchAnswer } from '../../../shared/cameras';
import { request, toast } from '../../lib/request';
import { saveFile } from '../../lib/download';
import { StreamVideo } from '../media/StreamVideo';
import { useCallSeconds, useMediaCall, useMediaStats } from '../media/useMediaCall';
import { mmss } from '../realtime/callMachine';
import { useCameraWatch } from './useCameraWatch';
import { snapshotOf, type TileSource } from './wall';

/** One camera or device on the wall: its live picture, state, full screen, snapshot, recording, talk (devices), close. */
export function CameraTile({ source, onClose }: { source: TileSource; onClose: () => void }) {
  const { t } = useLingui();
  const { state, retryNow } = useCameraWatch(source);
  const failed =
    state.phase === 'failed'
      ? (state.message ?? (source.kind === 'camera' ? t`无法读取该摄像头的视频` : t`无法连接该设备的视频`))
      : null;
  const box = useRef<HTMLDivElement>(null);

  return (
    <Box
      ref={box}
      pos="relative"
      bg="dark.8"
      data-testid="monitor-tile"
      data-camera={source.kind === 'camera' ? source.id : undefined}
      data-device={source.kind === 'device' ? source.imei : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', minHeight: 160 }}
    >
      {state.phase === 'live' ? (
        <LiveCamera answer={state.answer} source={source} box={box} />
      ) : (
        <Stack align="center" justify="center" h="100%" mih={160} p="sm" gap={4}>
          {state.phase === 'failed' ? (
            <>
              <Text c="red.4" size="sm" ta="center" data-testid="monitor-tile-error">
                {failed}
              </Text>
              {source.kind === 'camera' && source.lastError && source.lastError !== failed ? (
                <Text c="gray.5" size="xs" ta="center">
                  {source.lastError}
                </Text>
              ) : null}
              <RetryLine key={state.retryAt} retryAt={state.retryAt} onRetry={retryNow} />
            </>
          ) : (
            <>
              <Loader size="sm" color="gray" />
              <Text c="gray.4" size="xs">
                {source.kind === 'camera' ? <Trans>正在连接摄像头…</Trans> : <Trans>正在请求设备推流…</Trans>}
              </Text>
            </>
          )}
        </Stack>
      )}
      <Group
        pos="absolute"
        top={6}
        left={8}
        right={8}
        justify="space-between"
        wrap="nowrap"
        style={{ pointerEvents: 'none' }}
      >
        <Text c="white" size="sm" fw={600} truncate style={{ textShadow: '0 0 4px #000' }}>
          {source.name}
        </Text>
        <ActionIcon
          variant="filled"
          color="dark"
          size="sm"
          aria-label={t`关闭`}
          onClick={onClose}
          style={{ pointerEvents: 'auto' }}
          data-testid="monitor-tile-close"
        >
          <IconX size={14} />
        </ActionIcon>
      </Group>
    </Box>
  );
}

/** When the next attempt comes, and a button that does not wait for it. */
function RetryLine({ retryAt, onRetry }: { retryAt: number; onRetry: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <Group gap={6} justify="center" data-testid="monitor-tile-retry">
      <Text c="gray.5" size="xs">
        <Trans>{seconds} 秒后重试</Trans>
      </Text>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={onRetry}>
        <Trans>立即重试</Trans>
      </Button>
    </Group>
  );
}

function LiveCamera({
  answer,
  source,
  box,
}: {
  answer: CameraWatchAnswer;
  source: TileSource;
  box: React.RefObject<HTMLDivElement | null>;
}) {
  const { t } = useLingui();
  // Talk (devices only: IP cameras take no sound back) publishes the microphone into the device's room.
  const [talking, setTalking] = useState(false);
  const { call, snapshot } = useMediaCall({ ...answer, video: false, receiveOnly: !talking });
  const connected = snapshot.state === 'connected';
  const stats = useMediaStats(call, connected);
  const stream = snapshot.remote[0]?.stream;
  const [recording, setRecording] = useState(false);
  const seconds = useCallSeconds(recording);
  const target = source.kind === 'camera' ? { id: source.id } : { imei: source.imei };
  const targetKey = source.kind === 'camera' ? source.id : source.imei;

  const video = () => box.current?.querySelector('video') ?? null;
  // The snapshot goes to the photo library (监控抓拍) and, as operators expect, to the downloads.
  const snap = async () => {
    const el = video();
    const blob = el && (await snapshotOf(el));
    if (!blob) return toast('tip', t`画面尚未就绪`);
    const name = `${source.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.jpg`;
    saveFile(blob, name);
    const form = new FormData();
    form.append('file', blob, name);
    await request(
      'device',
      `photo/snapshot?${source.kind === 'camera' ? `cameraId=${source.id}` : `imei=${source.imei}`}`,
      form,
    )
      .then(() => toast('success', t`抓拍已保存到照片列表`))
      .catch(() => undefined);
  };
  const record = async () => {
    try {
      const done = await request<{ fileName?: string }>('device', 'camera/record', {
        ...target,
        action: recording ? 'stop' : 'start',
      });
      setRecording(!recording);
      toast('success', recording ? t`录像已保存到视频列表：${done.fileName ?? ''}` : t`开始录像`);
    } catch {
      // The request helper showed why.
    }
  };
  useEffect(() => {
    // Leaving the wall mid-recording keeps the file: the recording is stopped and listed.
    if (!recording) return;
    const body = source.kind === 'camera' ? { id: targetKey } : { imei: targetKey };
    return () =>
      void request('device', 'camera/record', { ...body, action: 'stop' }, { quiet: true, background: true }).catch(
        () => undefined,
      );
  }, [recording, targetKey, source.kind]);

  return (
    <>
      {stream ? <StreamVideo stream={stream} testId="monitor-video" /> : null}
      <Group
        pos="absolute"
        bottom={6}
        left={8}
        right={8}
        justify="space-between"
        wrap="nowrap"
        data-testid="monitor-quality"
        data-state={snapshot.state}
        data-frames={stats?.framesDecoded ?? 0}
        data-width={stats?.width ?? 0}
      >
        <Group gap={6} wrap="nowrap">
          <Badge size="xs" color={connected ? 'teal' : snapshot.state === 'closed' ? 'red' : 'yellow'} variant="filled">
            {connected ? (
              <Trans>直播中</Trans>
            ) : snapshot.state === 'closed' ? (
              <Trans>已断开</Trans>
            ) : (
              <Trans>连接中</Trans>
            )}
          </Badge>
          {stats?.width ? (
            <Text size="xs" c="gray.3">
              {stats.width}×{stats.height} {Math.round(stats.fps)} fps
            </Text>
          ) : null}
          {recording ? (
            <Badge size="xs" color="red" variant="filled" data-testid="monitor-recording">
              REC {mmss(seconds)}
            </Badge>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t`抓拍`}>
            <ActionIcon
              variant="filled"
              color="dark"
              size="sm"
              aria-label={t`抓拍`}
              onClick={() => void snap()}
              data-testid="monitor-snapshot"
            >
              <IconCamera size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={recording ? t`停止录像` : t`录像`}>
            <ActionIcon
              variant="filled"
              color={recording ? 'red' : 'dark'}
              size="sm"
              aria-label={recording ? t`停止录像` : t`录像`}
              disabled={!connected}
              onClick={() => void record()}
              data-testid="monitor-record"
            >
              {recording ? <IconPlayerStop size={14} /> : <IconPlayerRecord size={14} />}
            </ActionIcon>
          </Tooltip>
          {source.kind === 'device' ? (
            <Tooltip label={talking ? t`结束对讲` : t`对讲`}>
              <ActionIcon
                variant="filled"
                color={talking ? 'red' : 'dark'}
                size="sm"
                aria-label={talking ? t`结束对讲` : t`对讲`}
                onClick={() => setTalking((v) => !v)}
                data-testid="monitor-talk"
                data-talking={talking}
              >
                {talking ? <IconMicrophone size={14} /> : <IconMicrophoneOff size={14} />}
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label={t`网络摄像头不支持对讲`}>
              <span>
                <ActionIcon variant="filled" color="dark" size="sm" aria-label={t`对讲`} disabled>
                  <IconMicrophoneOff size={14} />
                </ActionIcon>
              </span>
            </Tooltip>
          )}
          <Tooltip label={t`全屏`}>
            <ActionIcon
              variant="filled"
              color="dark"
              size="sm"
              aria-label={t`全屏`}
              onClick={() => void box.current?.requestFullscreen?.().catch(() => undefined)}
            >
              <IconMaximize size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </>
  );
}
