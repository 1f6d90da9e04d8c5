import { ScrollArea, Stack, Table } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { pointAt, type TrackColumns } from '../../../shared/geo/track';
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
  const rows = [];
  for (let i = first; i < Math.min(total, first + size); i++) rows.push(pointAt(track, i)!);
  const seek = (i: number) => store.dispatch({ type: 'seek', percent: total > 1 ? (i / (total - 1)) * 100 : 0 });

  return (
    <Stack gap="xs" data-testid="track-table">
      <ScrollArea.Autosize mah={260}>
        <Table striped highlightOnHover stickyHeader fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>
                <Trans>时间</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>纬度</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>经度</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>速度(km/h)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>间隔(秒)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>距下一点(米)</Trans>
              </Table.Th>
              {track.accuracy && (
                <>
                  <Table.Th>
                    <Trans>来源</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>精度</Trans>
                  </Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr
                key={p.index}
                onClick={() => seek(p.index)}
                style={{ cursor: 'pointer' }}
                data-testid="track-row"
              >
                <Table.Td>{p.index + 1}</Table.Td>
                <Table.Td>{formatTime(p.createTime)}</Table.Td>
                <Table.Td>{p.lat.toFixed(6)}</Table.Td>
                <Table.Td>{p.lon.toFixed(6)}</Table.Td>
                <Table.Td>{dash(p.speed)}</Table.Td>
                <Table.Td>{dash(p.intervalTime)}</Table.Td>
                <Table.Td>{dash(p.nextDistance)}</Table.Td>
                {track.accuracy && (
                  <>
                    <Table.Td>
                      <FixSourceBadge source={track.source?.[p.index]} />
                    </Table.Td>
                    <Table.Td data-testid="track-row-accuracy">{formatAccuracy(track.accuracy[p.index])}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
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
