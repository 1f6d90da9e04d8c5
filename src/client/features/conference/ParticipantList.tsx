import { ActionIcon, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconRefresh, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { STATE_BITS, type ConfMember } from '../../../shared/conference';

/** docs/requirements/realtime-video.md#participants: who is in the room, what each sends, and a subscribe button. */
export function ParticipantList({
  members,
  selfUid,
  subscribed,
  onSubscribe,
  volumes = {},
}: {
  members: ConfMember[];
  selfUid: string | null;
  subscribed: Set<string>;
  onSubscribe: (uid: string) => void;
  /** onvolumechanged: who speaks how loud (0-100). */
  volumes?: Record<string, number>;
}) {
  const { t } = useLingui();
  if (members.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md" data-testid="conf-members-empty">
        <Trans>无用户</Trans>
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="conf-members">
      {members.map((m) => {
        const self = m.uid === selfUid;
        const audio = (m.state & STATE_BITS.transmitAudio) !== 0;
        const video = (m.state & STATE_BITS.transmitVideo) !== 0;
        return (
          <Group
            key={m.uid}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            data-testid="conf-member"
            data-uid={m.uid}
            data-self={self || undefined}
          >
            <Text size="sm" truncate>
              {m.displayName}
              {self && <Trans>(自身)</Trans>}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Progress
                w={32}
                size="xs"
                value={volumes[m.uid] ?? 0}
                color={(volumes[m.uid] ?? 0) > 10 ? 'teal' : 'gray'}
                aria-label={t`音量`}
                data-testid="conf-volume"
                data-volume={volumes[m.uid] ?? 0}
              />
              <Tooltip label={audio ? t`音频开启` : t`音频关闭`}>
                {audio ? (
                  <IconMicrophone size={16} aria-label={t`音频开启`} />
                ) : (
                  <IconMicrophoneOff size={16} color="var(--mantine-color-dimmed)" aria-label={t`音频关闭`} />
                )}
              </Tooltip>
              <Tooltip label={video ? t`视频开启` : t`视频关闭`}>
                {video ? (
                  <IconVideo size={16} aria-label={t`视频开启`} />
                ) : (
                  <IconVideoOff size={16} color="var(--mantine-color-dimmed)" aria-label={t`视频关闭`} />
                )}
              </Tooltip>
              {!self && (
                <Tooltip label={subscribed.has(m.uid) ? t`重新订阅` : t`订阅`}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    disabled={!audio && !video}
                    onClick={() => onSubscribe(m.uid)}
                    aria-label={t`订阅`}
                    data-testid="conf-subscribe"
                  >
                    <IconRefresh size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
