import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, type Column } from '../../components/DataTable';
import { saveFile } from '../../lib/download';
import { request } from '../../lib/request';
import { dayEnd, dayStart } from '../../lib/zone';
import { secondsText } from './AdVideo';
import { formatDateCell } from '../../lib/dates';

interface PlayStat {
  key: number | string;
  label: string | null;
  client?: string;
  plays: number;
  seconds: number;
  lastPlay: string | null;
  billed?: number;
}

/** How often the play figures refresh while the tab is open (the units report every 10 s). */
const STATS_REFRESH_MS = 5_000;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Plays per ad or per door unit (count, total time, last play) over a date range; CSV export; refreshed while open. */
export function PlayStats() {
  const { t } = useLingui();
  const [by, setBy] = useState<'ad' | 'device'>('ad');
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  // The picked days are the tenant's: sent as the instants they start and end.
  const body = { by, ...(range[0] ? { from: dayStart(range[0]) } : {}), ...(range[1] ? { to: dayEnd(range[1]) } : {}) };
  const stats = useQuery({
    queryKey: ['adPlayStats', body],
    queryFn: async () =>
      (await request<{ rows: PlayStat[] }>('user', 'advertisement/plays/stats', body, { background: true })).rows,
    refetchInterval: STATS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const rows = stats.data ?? [];
  const columns: Column<PlayStat>[] = [
    {
      id: 'label',
      name: 'label',
      title: by === 'ad' ? t`广告` : t`门口机`,
      width: 240,
      sortable: true,
      render: (r) => (by === 'ad' ? `${r.label ?? ''}（${r.client ?? ''}）` : `${r.label ?? ''} · ${String(r.key)}`),
    },
    { id: 'plays', name: 'plays', title: t`播放次数`, width: 110, sortable: true, type: 'number' },
    {
      id: 'seconds',
      name: 'seconds',
      title: t`播放时长`,
      width: 120,
      sortable: true,
      render: (r) => secondsText(r.seconds),
    },
    {
      id: 'lastPlay',
      name: 'lastPlay',
      title: t`最近播放`,
      width: 170,
      sortable: true,
      render: (r) => (r.lastPlay ? formatDateCell(r.lastPlay) : ''),
    },
  ];
  if (by === 'ad') {
    columns.push({
      id: 'billed',
      name: 'billed',
      title: t`计费金额（元）`,
      width: 130,
      sortable: true,
      render: (r) => (r.billed ?? 0).toFixed(2),
    });
  }
  const exportCsv = () => {
    const head =
      by === 'ad'
        ? [t`广告`, t`广告主`, t`播放次数`, t`播放时长（秒）`, t`最近播放`, t`计费金额（元）`]
        : [t`门口机IMEI`, t`门口机`, t`播放次数`, t`播放时长（秒）`, t`最近播放`];
    const lines = rows.map((r) =>
      (by === 'ad'
        ? [r.label, r.client, r.plays, r.seconds, r.lastPlay, r.billed]
        : [r.key, r.label, r.plays, r.seconds, r.lastPlay]
      )
        .map(csvCell)
        .join(','),
    );
    const blob = new Blob([`\uFEFF${[head.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`], {
      type: 'text/csv;charset=utf-8',
    });
    saveFile(blob, by === 'ad' ? 'ad-plays-by-ad.csv' : 'ad-plays-by-unit.csv');
  };
  return (
    <Stack gap="sm" data-testid="ad-play-stats">
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          value={by}
          onChange={(v) => setBy(v as 'ad' | 'device')}
          data={[
            { value: 'ad', label: t`按广告` },
            { value: 'device', label: t`按门口机` },
          ]}
          data-testid="ad-stats-by"
        />
        <DatePickerInput
          type="range"
          clearable
          aria-label={t`播放日期`}
          placeholder={t`播放日期`}
          valueFormat="YYYY-MM-DD"
          w={240}
          value={range}
          onChange={setRange}
          data-testid="ad-stats-range"
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          disabled={!rows.length}
          data-testid="ad-stats-export"
        >
          <Trans>导出</Trans>
        </Button>
      </Group>
      <DataTable<PlayStat>
        columns={columns}
        rows={rows}
        rowKey={(r) => String(r.key)}
        loading={stats.isPending}
        client={{ pageSize: 50 }}
        testId="ad-stats"
        empty={stats.isError ? t`播放统计加载失败` : t`暂无播放记录`}
        rowOptions={(r) => ({
          attrs: { 'data-testid': 'ad-stat-row', 'data-key': String(r.key), 'data-plays': String(r.plays) },
        })}
      />
    </Stack>
  );
}
