import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconCamera, IconMaximize, IconMicrophoneOff, IconPlayerRecord, IconPlayerStop, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CameraWatchAnswer } from '../../../entities/camera/api';
import { request, RequestError, toast } from '../../lib/request';
import { saveFile } from '../../lib/download';
import { StreamVideo } from '../media/StreamVideo';
import { useCallSeconds, useMediaCall, useMediaStats } from '../media/useMediaCall';
import { mmss } from '../realtime/callMachine';
import { invalidateResource, type Row } from '../resources/resources.queries';
import { snapshotOf } from './wall';

/** Watch answers are per camera and viewer; a new mount asks again (the bridge may have stopped). */
const watchQuery = (id: number) => ({
  queryKey: ['camera', 'watch', id] as const,
  queryFn: () => request<CameraWatchAnswer>('device', 'camera/watch', { id }, { quiet: true, background: true, timeoutMs: 30_000 }),
  retry: false,
  staleTime: 0,
  gcTime: 0,
});

/** One camera on the wall: its live picture, state, full screen, snapshot, recording, close. */
export function CameraTile({ camera, onClose }: { camera: Row; onClose: () => void }) {
  const { t } = useLingui();
  const id = Number(camera.id);
  const watch = useQuery(watchQuery(id));
  const queryClient = useQueryClient();
  const failed = watch.error instanceof RequestError ? watch.error.message : watch.error ? t`无法读取该摄像头的视频` : null;
  useEffect(() => {
    // The service stored why it failed: the list and the tile's last-error line show it.
    if (watch.isError) void invalidateResource(queryClient, 'camera');
  }, [watch.isError, queryClient]);
  const box = useRef<HTMLDivElement>(null);

  return (
    <Box ref={box} pos="relative" bg="dark.8" data-testid="monitor-tile" data-camera={id} style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', minHeight: 160 }}>
      {watch.data ? (
        <LiveCamera answer={watch.data} camera={camera} box={box} />
      ) : (
        <Stack align="center" justify="center" h="100%" mih={160} p="sm" gap={4}>
          {failed ? (
            <>
              <Text c="red.4" size="sm" ta="center" data-testid="monitor-tile-error">
                {failed}
              </Text>
              {camera.lastError ? (
                <Text c="gray.5" size="xs" ta="center">
                  {String(camera.lastError)}
                </Text>
              ) : null}
            </>
          ) : (
            <>
              <Loader size="sm" color="gray" />
              <Text c="gray.4" size="xs">
                <Trans>正在连接摄像头…</Trans>
              </Text>
            </>
          )}
        </Stack>
      )}
      <Group pos="absolute" top={6} left={8} right={8} justify="space-between" wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <Text c="white" size="sm" fw={600} truncate style={{ textShadow: '0 0 4px #000' }}>
          {String(camera.name)}
        </Text>
        <ActionIcon variant="filled" color="dark" size="sm" aria-label={t`关闭`} onClick={onClose} style={{ pointerEvents: 'auto' }} data-testid="monitor-tile-close">
          <IconX size={14} />
        </ActionIcon>
      </Group>
    </Box>
  );
}

function LiveCamera({ answer, camera, box }: { answer: CameraWatchAnswer; camera: Row; box: React.RefObject<HTMLDivElement | null> }) {
  const { t } = useLingui();
  const { call, snapshot } = useMediaCall({ ...answer, video: false, receiveOnly: true });
  const connected = snapshot.state === 'connected';
  const stats = useMediaStats(call, connected);
  const stream = snapshot.remote[0]?.stream;
  const [recording, setRecording] = useState(false);
  const seconds = useCallSeconds(recording);
  const id = Number(camera.id);

  const video = () => box.current?.querySelector('video') ?? null;
  // The snapshot goes to the photo library (监控抓拍) and, as operators expect, to the downloads.
  const snap = async () => {
    const el = video();
    const blob = el && (await snapshotOf(el));
    if (!blob) return toast('tip', t`画面尚未就绪`);
    const name = `${String(camera.name)}-${new Date().toISOString().replace(/[:.]/g, '-')}.jpg`;
    saveFile(blob, name);
    const form = new FormData();
    form.append('file', blob, name);
    await request('device', `photo/snapshot?cameraId=${id}`, form)
      .then(() => toast('success', t`抓拍已保存到照片列表`))
      .catch(() => undefined);
  };
  const record = async () => {
    try {
      const done = await request<{ fileName?: string }>('device', 'camera/record', { id, action: recording ? 'stop' : 'start' });
      setRecording(!recording);
      toast('success', recording ? t`录像已保存到视频列表：${done.fileName ?? ''}` : t`开始录像`);
    } catch {
      // The request helper showed why.
    }
  };
  useEffect(() => {
    // Leaving the wall mid-recording keeps the file: the recording is stopped and listed.
    if (!recording) return;
    return () => void request('device', 'camera/record', { id, action: 'stop' }, { quiet: true, background: true }).catch(() => undefined);
  }, [recording, id]);

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
            {connected ? <Trans>直播中</Trans> : snapshot.state === 'closed' ? <Trans>已断开</Trans> : <Trans>连接中</Trans>}
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
            <ActionIcon variant="filled" color="dark" size="sm" aria-label={t`抓拍`} onClick={() => void snap()} data-testid="monitor-snapshot">
              <IconCamera size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={recording ? t`停止录像` : t`录像`}>
            <ActionIcon variant="filled" color={recording ? 'red' : 'dark'} size="sm" aria-label={recording ? t`停止录像` : t`录像`} disabled={!connected} onClick={() => void record()} data-testid="monitor-record">
              {recording ? <IconPlayerStop size={14} /> : <IconPlayerRecord size={14} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`网络摄像头不支持对讲`}>
            <span>
              <ActionIcon variant="filled" color="dark" size="sm" aria-label={t`对讲`} disabled>
                <IconMicrophoneOff size={14} />
              </ActionIcon>
            </span>
          </Tooltip>
          <Tooltip label={t`全屏`}>
            <ActionIcon variant="filled" color="dark" size="sm" aria-label={t`全屏`} onClick={() => void box.current?.requestFullscreen?.().catch(() => undefined)}>
              <IconMaximize size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </>
  );
}
