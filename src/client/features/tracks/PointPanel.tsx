import { Group, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { playbackIndex, pointAt, type TrackColumns } from '../../../shared/geo/track';
import { FixSourceBadge, formatAccuracy } from '../location/fixSource';
import { dash, formatTime } from './format';
import { usePlayback, type PlaybackStore } from './playbackStore';

function Fact({ label, value, id }: { label: ReactNode; value: string; id: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={`track-point-${id}`}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The point under the cursor (docs/requirements/realtime-map-and-tracks.md#track-point: time, interval, distance to
 * next, speed).
 */
export function PointPanel({ store, track }: { store: PlaybackStore; track: TrackColumns }) {
  // Subscribes to the index only: ticks that stay on the same point do not re-render.
  const index = usePlayback(store, playbackIndex);
  const p = pointAt(track, index);
  return (
    <Paper withBorder p="xs" data-testid="track-point" data-index={p ? index : undefined}>
      <Group gap="lg" wrap="wrap">
        <Fact id="time" label={<Trans>时间</Trans>} value={p ? formatTime(p.createTime) : '-'} />
        <Fact id="interval" label={<Trans>间隔(秒)</Trans>} value={dash(p?.intervalTime)} />
        <Fact id="distance" label={<Trans>距下一点(米)</Trans>} value={dash(p?.nextDistance)} />
        <Fact id="speed" label={<Trans>速度(km/h)</Trans>} value={dash(p?.speed)} />
        {track.accuracy && (
          <>
            <Fact id="accuracy" label={<Trans>精度</Trans>} value={p ? formatAccuracy(track.accuracy[index]) : '-'} />
            <div>
              <Text size="xs" c="dimmed">
                <Trans>来源</Trans>
              </Text>
              {p ? <FixSourceBadge source={track.source?.[index]} /> : '-'}
            </div>
          </>
        )}
        <Fact id="index" label={<Trans>点</Trans>} value={p ? `${index + 1} / ${track.t.length}` : '-'} />
      </Group>
    </Paper>
  );
}
