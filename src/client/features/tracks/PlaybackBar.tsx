import { ActionIcon, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconRotate } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { PLAYBACK, PLAYBACK_SPEEDS, playbackPercent } from '../../../shared/geo/track';
import { Slider } from '../../components/Slider';
import { usePlayback, type PlaybackStore } from './playbackStore';

const SPEED_DATA = PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: `${s}x` }));
// A tenth of a percent is one point in a thousand: fine enough to seek, coarse enough to not
// re-render the bar on ticks that do not move the thumb visibly.
const percentOf = (v: number) => Math.round(v * 10) / 10;

/**
 * docs/requirements/realtime-map-and-tracks.md#map-component: the track-playback bar with speed choices and a slider.
 */
export function PlaybackBar({ store, disabled }: { store: PlaybackStore; disabled?: boolean }) {
  const { t } = useLingui();
  const status = usePlayback(store, (s) => s.status);
  const speed = usePlayback(store, (s) => s.speed);
  const percent = usePlayback(store, (s) => percentOf(playbackPercent(s)));
  const playing = status === PLAYBACK.playing;
  const label = playing ? t`暂停` : t`播放`;

  return (
    <Group gap="sm" wrap="nowrap" data-testid="track-bar" data-state={status} data-percent={percent}>
      <Tooltip label={label}>
        <ActionIcon
          size="lg"
          radius="xl"
          aria-label={label}
          data-testid="track-play"
          disabled={disabled}
          onClick={() => store.dispatch({ type: playing ? 'pause' : 'play' })}
        >
          {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t`重置`}>
        <ActionIcon
          size="lg"
          radius="xl"
          variant="default"
          aria-label={t`重置`}
          data-testid="track-reset"
          disabled={disabled}
          onClick={() => store.dispatch({ type: 'reset' })}
        >
          <IconRotate size={18} />
        </ActionIcon>
      </Tooltip>
      <Slider
        mc="progress"
        aria-label={t`播放进度`}
        data-testid="track-slider"
        style={{ flex: 1, minWidth: 120 }}
        min={0}
        max={100}
        step={0.1}
        disabled={disabled}
        value={percent}
        label={(v) => `${v.toFixed(1)}%`}
        onChange={(v) => store.dispatch({ type: 'seek', percent: v })}
      />
      <Text size="sm" w={52} ta="right" data-testid="track-percent">
        {Math.floor(percent)}%
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={t`播放速度`}
        data-testid="track-speed"
        value={String(speed)}
        data={SPEED_DATA}
        onChange={(v) => store.dispatch({ type: 'speed', speed: Number(v) })}
      />
    </Group>
  );
}
