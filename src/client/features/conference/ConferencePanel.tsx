import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconDeviceMobileShare,
  IconDoorExit,
  IconInfoCircle,
  IconLogin,
  IconMicrophone,
  IconSettings,
  IconMicrophoneOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONF_CAPACITY } from '../../../shared/conference';
import { OnceOpened } from '../../components/OnceOpened';
import { toast } from '../../lib/request';
import { useSession } from '../../lib/session';
import { serverMessage } from '../../i18n/serverMessages';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import type { ConfError } from './client';
import { InviteDialog, inviteDevices } from './InviteDialog';
import { ParticipantList } from './ParticipantList';
import { RecordButton } from './RecordButton';
import { RecordConfigDialog } from './RecordConfigDialog';
import { StreamVideo } from '../media/StreamVideo';
import { RemoteVideo } from './RemoteVideo';
import { JoinDialog, RoomInfoDialog } from './RoomDialogs';
import { useConfSnapshot, useConference, useMediaSnapshot } from './useConference';

function useFullScreen(target: React.RefObject<HTMLElement | null>): [boolean, () => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void target.current?.requestFullscreen().catch(() => undefined);
  };
  return [full, toggle];
}

export interface ConferencePanelProps {
  /** The header's title (default 视频会议). */
  title?: ReactNode;
  /** A line under the title (/callPhone: who calls whom). */
  subtitle?: ReactNode;
  /** Joins this room as soon as the conference login is done. */
  autoJoin?: string;
  /** Devices invited (order/manyVideoCallToJuphoon) once in the room: "sent after joining, when an imei list is supplied". */
  invite?: readonly string[];
  /** Talk only (/multiVoice): no camera is opened, the enableVideo bit stays off, devices join without video. */
  audioOnly?: boolean;
  /** Above the pictures (/moreRoom: the rooms to switch between). */
  toolbar?: ReactNode;
  /** Inside the console's layout (/txVideios): as tall as the content area, not the whole window. */
  embedded?: boolean;
}

/**
 * The conference panel of docs/requirements/realtime-video.md: header (room, count, full screen),
 * the members' pictures, the participant list, and, when logged in, join / room info / invite
 * devices / exit / record in the footer. /callPhone and /multiVoice are this panel with a room
 * joined and devices invited by themselves.
 */
export function ConferencePanel({
  title,
  subtitle,
  autoJoin,
  invite,
  audioOnly = false,
  toolbar,
  embedded = false,
}: ConferencePanelProps = {}) {
  const { t } = useLingui();
  const session = useSession();
  const conf = useConference(session.user?.id ?? null, session.token);
  const snap = useConfSnapshot(conf);
  const media = useMediaSnapshot(conf);
  const root = useRef<HTMLDivElement>(null);
  const [full, toggleFull] = useFullScreen(root);
  const [joining, setJoining] = useState(false);
  const [info, setInfo] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [recordConfig, setRecordConfig] = useState(false);
  const inRoom = snap.status === 'inroom';

  // Video on (开始通话) once in a room, off (结束通话) whenever the room is left, however that happened.
  useEffect(() => {
    if (!conf) return;
    const on = conf.media.getSnapshot().on;
    if (inRoom && !on) void conf.media.start({ video: !audioOnly });
    if (!inRoom && on) conf.media.stop();
  }, [inRoom, conf, audioOnly]);

  // The page's own room, once per login; then its devices, once per room.
  const auto = useRef<{ joined?: ConferencePanelProps['autoJoin']; invited?: string }>({});
  const roomId = snap.room?.roomId;
  useEffect(() => {
    if (!conf || !autoJoin || auto.current.joined === autoJoin) return;
    // From the login, or from another room (/moreRoom switching): the service leaves that one first.
    if (snap.status !== 'loginok' && !(snap.status === 'inroom' && roomId !== autoJoin)) return;
    auto.current.joined = autoJoin;
    void conf.client.join(autoJoin, undefined, { video: !audioOnly });
  }, [conf, autoJoin, snap.status, roomId, audioOnly]);
  useEffect(() => {
    if (!inRoom || !roomId || !invite?.length || auto.current.invited === roomId) return;
    auto.current.invited = roomId;
    inviteDevices(roomId, [...invite], !audioOnly).then(
      ({ results }) => {
        const refused = results.filter((r) => r.key);
        if (refused.length) toast('tip', refused.map((r) => `${r.imei}: ${serverMessage(r.key!, r.key!)}`).join('; '));
      },
      () => undefined,
    );
  }, [inRoom, roomId, invite, audioOnly]);

  const errors: Record<ConfError, string> = {
    noUserId: t`缺少用户ID`,
    noPassword: t`缺少用户密码`,
    noService: t`缺少服务环境`,
    noAppKey: t`缺少appKey`,
    loginFailed: t`会议服务登录失败`,
    lost: t`会议连接已断开，请刷新页面`,
    notLoggedIn: t`你还没有登录`,
    full: t`房间已满`,
    password: t`房间密码错误`,
  };
  const names = new Map(snap.members.map((m) => [m.uid, m.displayName]));
  const exit = async () => {
    // 退出房间 stops the conference (docs/requirements/realtime-video.md#conference-client-states); a
    // new login keeps the footer's 加入房间 usable.
    await conf?.client.stop();
    await conf?.client.start();
  };

  return (
    <Stack
      ref={root}
      mih={embedded ? 'calc(100dvh - 140px)' : '100dvh'}
      gap={0}
      bg="var(--mantine-color-body)"
      data-testid="conference"
      data-status={snap.status}
    >
      <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="sm">
          <Title order={4}>{title ?? <Trans>视频会议</Trans>}</Title>
          {subtitle && (
            <Text size="sm" c="dimmed" data-testid="conf-subtitle">
              {subtitle}
            </Text>
          )}
          <Badge variant="light" data-testid="conf-room">
            {snap.room ? t`房间 ${snap.room.roomId}` : t`未加入房间`}
          </Badge>
          <Badge variant="outline" data-testid="conf-count" data-count={snap.members.length}>
            {t`${snap.members.length} 人`}
          </Badge>
        </Group>
        <Group gap="xs">
          {/* Inside the console, its header has the picker. */}
          {!embedded && <LanguagePicker />}
          <Button
            size="xs"
            variant="default"
            leftSection={full ? <IconArrowsMinimize size={14} /> : <IconArrowsMaximize size={14} />}
            onClick={toggleFull}
          >
            {full ? <Trans>退出</Trans> : <Trans>全屏</Trans>}
          </Button>
        </Group>
      </Group>

      {toolbar}
      {snap.error && (
        <Alert m="sm" color="yellow" variant="light" data-testid="conf-error" data-error={snap.error}>
          {errors[snap.error]}
        </Alert>
      )}

      <Group align="stretch" gap={0} style={{ flex: 1 }} wrap="nowrap">
        <Box p="sm" style={{ flex: 1 }}>
          {media.remote.length === 0 && !media.preview ? (
            <Text c="dimmed" ta="center" mt="xl">
              {inRoom ? <Trans>等待其他成员的画面…</Trans> : <Trans>加入房间后开始通话</Trans>}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {media.preview && (
                <Box
                  pos="relative"
                  bg="dark.9"
                  style={{ aspectRatio: '4 / 3', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
                >
                  <StreamVideo stream={media.preview} local testId="conf-local-video" />
                  <Text size="xs" c="gray.3" pos="absolute" top={6} style={{ insetInlineStart: 8 }}>
                    <Trans>我</Trans>
                  </Text>
                </Box>
              )}
              {conf &&
                media.remote.map((feed) => (
                  <RemoteVideo key={feed.uid} feed={feed} name={names.get(feed.uid) ?? feed.uid} media={conf.media} />
                ))}
            </SimpleGrid>
          )}
        </Box>
        <Paper w={260} p="sm" radius={0} style={{ borderInlineStart: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600} size="sm" mb="xs">
            <Trans>参会人员</Trans>
          </Text>
          <ParticipantList
            members={snap.members}
            selfUid={snap.selfUid}
            subscribed={new Set(media.remote.map((f) => f.uid))}
            onSubscribe={(uid) => conf?.media.refresh(uid)}
            volumes={snap.volumes}
          />
        </Paper>
      </Group>

      <Group
        justify="center"
        p="sm"
        gap="sm"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        data-testid="conf-footer"
      >
        {!session.token ? (
          <>
            <Text size="sm" c="dimmed">
              <Trans>你还没有登录</Trans>
            </Text>
            <Button component={Link} to="/login" variant="light" leftSection={<IconLogin size={14} />}>
              <Trans>前往登录</Trans>
            </Button>
          </>
        ) : inRoom ? (
          <>
            <Button
              variant="light"
              leftSection={<IconInfoCircle size={14} />}
              onClick={() => setInfo(true)}
              data-testid="conf-info"
            >
              <Trans>房间信息</Trans>
            </Button>
            {session.user?.kind !== 'visitor' && (
              <Button
                variant="light"
                leftSection={<IconDeviceMobileShare size={14} />}
                onClick={() => setInviting(true)}
                data-testid="conf-invite"
              >
                <Trans>邀请设备</Trans>
              </Button>
            )}
            {conf && media.on && (
              <>
                <Button
                  variant={media.muted ? 'filled' : 'light'}
                  color={media.muted ? 'red' : undefined}
                  leftSection={media.muted ? <IconMicrophoneOff size={14} /> : <IconMicrophone size={14} />}
                  onClick={() => conf.media.setMuted(!media.muted)}
                  data-testid="conf-mute"
                  data-state={media.muted ? 'muted' : 'on'}
                >
                  {media.muted ? <Trans>取消静音</Trans> : <Trans>静音</Trans>}
                </Button>
                {!audioOnly && (
                  <Button
                    variant={media.cameraOff ? 'filled' : 'light'}
                    color={media.cameraOff ? 'red' : undefined}
                    leftSection={media.cameraOff ? <IconVideoOff size={14} /> : <IconVideo size={14} />}
                    onClick={() => conf.media.setCameraOff(!media.cameraOff)}
                    data-testid="conf-camera"
                    data-state={media.cameraOff ? 'off' : 'on'}
                  >
                    {media.cameraOff ? <Trans>打开摄像头</Trans> : <Trans>关闭摄像头</Trans>}
                  </Button>
                )}
                <RecordButton client={conf.client} />
              </>
            )}
            <Button
              variant="default"
              leftSection={<IconSettings size={14} />}
              onClick={() => toast('tip', t`请在加入房间前设置`)}
              data-testid="conf-record-settings"
            >
              <Trans>录制设置</Trans>
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconDoorExit size={14} />}
              onClick={() => void exit()}
              data-testid="conf-exit"
            >
              <Trans>退出房间</Trans>
            </Button>
          </>
        ) : (
          <>
            <Button
              onClick={() => setJoining(true)}
              disabled={snap.status !== 'loginok'}
              loading={snap.status === 'joining' || snap.status === 'loggingIn'}
              data-testid="conf-join"
            >
              <Trans>加入房间</Trans>
            </Button>
            <Button
              variant="default"
              leftSection={<IconSettings size={14} />}
              onClick={() => setRecordConfig(true)}
              data-testid="conf-record-settings"
            >
              <Trans>录制设置</Trans>
            </Button>
          </>
        )}
      </Group>

      <JoinDialog
        opened={joining}
        onClose={() => setJoining(false)}
        onJoin={(roomId) => {
          setJoining(false);
          void conf?.client.join(roomId, undefined, { video: !audioOnly });
        }}
      />
      <RoomInfoDialog room={snap.room} opened={info} onClose={() => setInfo(false)} />
      <OnceOpened when={recordConfig}>
        <RecordConfigDialog opened={recordConfig} onClose={() => setRecordConfig(false)} />
      </OnceOpened>
      {snap.room && (
        <OnceOpened when={inviting}>
          <InviteDialog
            roomId={snap.room.roomId}
            opened={inviting}
            onClose={() => setInviting(false)}
            free={CONF_CAPACITY - snap.members.length}
          />
        </OnceOpened>
      )}
    </Stack>
  );
}

export default ConferencePanel;
