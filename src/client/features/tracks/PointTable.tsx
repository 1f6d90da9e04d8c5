import { Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { pointAt, type TrackColumns, type TrackPoint } from '../../../shared/geo/track';
import { DataTable, type Column } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import { FixSourceBadge, formatAccuracy } from '../location/fixSource';
import { dash, formatTime } from './format';
import type { PlaybackStore } from './playbackStore';

const PAGE_SIZES = [20, 50, 100] as const;

/**
 * Every point of the track, a page at a time: only the rows shown are derived and rendered, so
 * 100,000 points cost one page. A row click moves the playback there.
 */
export function PointTable({ track, store }: { track: TrackColumns; store: PlaybackStore }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[1]);
  const total = track.t.length;
  const first = (page - 1) * size;
  const rows: TrackPoint[] = [];
  for (let i = first; i < Math.min(total, first + size); i++) rows.push(pointAt(track, i)!);
  const seek = (i: number) => store.dispatch({ type: 'seek', percent: total > 1 ? (i / (total - 1)) * 100 : 0 });

  const columns: Column<TrackPoint>[] = [
    { id: 'index', name: 'index', title: '#', width: 60, render: (p) => p.index + 1 },
    { id: 'time', name: 'createTime', title: <Trans>时间</Trans>, width: 160, render: (p) => formatTime(p.createTime) },
    { id: 'lat', name: 'lat', title: <Trans>纬度</Trans>, width: 100, render: (p) => p.lat.toFixed(6) },
    { id: 'lon', name: 'lon', title: <Trans>经度</Trans>, width: 100, render: (p) => p.lon.toFixed(6) },
    { id: 'speed', name: 'speed', title: <Trans>速度(km/h)</Trans>, width: 90, render: (p) => dash(p.speed) },
    {
      id: 'interval',
      name: 'intervalTime',
      title: <Trans>间隔(秒)</Trans>,
      width: 80,
      render: (p) => dash(p.intervalTime),
    },
    {
      id: 'next',
      name: 'nextDistance',
      title: <Trans>距下一点(米)</Trans>,
      width: 100,
      render: (p) => dash(p.nextDistance),
    },
  ];
  if (track.accuracy) {
    const accuracy = track.accuracy;
    columns.push(
      {
        id: 'source',
        name: 'source',
        title: <Trans>来源</Trans>,
        width: 80,
        render: (p) => <FixSourceBadge source={track.source?.[p.index]} />,
      },
      {
        id: 'accuracy',
        name: 'accuracy',
        title: <Trans>精度</Trans>,
        width: 80,
        render: (p) => <span data-testid="track-row-accuracy">{formatAccuracy(accuracy[p.index])}</span>,
      },
    );
  }

  return (
    <Stack gap="xs" data-testid="track-table">
      <DataTable<TrackPoint>
        columns={columns}
        rows={rows}
        rowKey={(p) => p.index}
        compact
        maxHeight={260}
        testId="track-points"
        rowOptions={(p) => ({ onClick: () => seek(p.index), attrs: { 'data-testid': 'track-row' } })}
      />
      <Pagination
        page={page}
        size={size}
        total={total}
        sizes={PAGE_SIZES}
        onPageChange={setPage}
        onSizeChange={(s) => {
          setSize(s);
          setPage(1);
        }}
      />
    </Stack>
  );
}
