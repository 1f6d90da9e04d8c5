import '@mantine/dates/styles.css';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { emptyTrack } from '../../../shared/geo/track';
import { MapView } from '../../map/MapView';
import { DevicePicker } from './DevicePicker';
import { PlaybackBar } from './PlaybackBar';
import { PointPanel } from './PointPanel';
import { PointTable } from './PointTable';
import { TrackLayer } from './TrackLayer';
import { createPlaybackStore } from './playbackStore';
import { exportTrack, type TrackFormat } from './trackExport';
import { TIME_FORMAT, resolveRange, toIso, trackQuery, type TrackSearch, type TrackSource } from './tracks.queries';

interface TrackScreenProps {
  /** /track_gps: GPS fixes only; /track: every source with a position. */
  source: TrackSource;
  search: TrackSearch;
  onSearchChange: (next: TrackSearch) => void;
  /** /Track_gps_jf: every source, each point with its accuracy circle and source. */
  accuracy?: boolean;
  /** Tests pass their own; the screen owns one otherwise. */
  exporter?: typeof exportTrack;
}

/** /track and /track_gps: a device's route over a time range, played back on the map. */
export function TrackScreen({
  source,
  search,
  onSearchChange,
  accuracy = false,
  exporter = exportTrack,
}: TrackScreenProps) {
  const { t } = useLingui();
  const local = resolveRange(search);
  const detail = accuracy ? { detail: true } : {};
  const range = search.imei
    ? { imei: search.imei, from: toIso(local.from), to: toIso(local.to), source, ...detail }
    : null;
  const points = useQuery({
    ...trackQuery(range ?? { imei: '', from: '', to: '', source, ...detail }),
    enabled: range !== null,
  });
  const track = useMemo(() => points.data ?? emptyTrack(), [points.data]);
  const [store] = useState(createPlaybackStore);
  const [exporting, setExporting] = useState<TrackFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => store.dispatch({ type: 'load', n: track.t.length }), [store, track]);
  useEffect(() => () => store.dispose(), [store]);

  const download = async (format: TrackFormat) => {
    if (!range) return;
    setExporting(format);
    setExportError(null);
    try {
      await exporter(range, format);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(null);
    }
  };
  const setTime = (key: 'from' | 'to', v: string | null) => v && onSearchChange({ ...search, ...local, [key]: v });
  const shown = track.t.length;
  const empty = range !== null && points.isSuccess && track.t.length === 0;

  return (
    <Stack
      gap="xs"
      p="xs"
      data-testid="track-screen"
      data-source={source}
      data-accuracy={accuracy || undefined}
      data-points={points.isSuccess ? track.t.length : undefined}
    >
      <Group gap="xs" wrap="wrap">
        <DevicePicker
          value={search.imei}
          kind={accuracy ? 'locator' : undefined}
          onChange={(imei) => onSearchChange({ ...search, imei })}
        />
        <DateTimePicker
          aria-label={t`开始时间`}
          data-testid="track-from"
          withSeconds
          valueFormat={TIME_FORMAT}
          w={190}
          value={local.from}
          onChange={(v) => setTime('from', v)}
        />
        <DateTimePicker
          aria-label={t`结束时间`}
          data-testid="track-to"
          withSeconds
          valueFormat={TIME_FORMAT}
          w={190}
          value={local.to}
          onChange={(v) => setTime('to', v)}
        />
        {points.isFetching && <Loader size="xs" />}
        <Group gap="xs" ml="auto">
          {(['gpx', 'csv'] as const).map((f) => (
            <Button
              key={f}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              disabled={!range || !track.t.length}
              loading={exporting === f}
              data-testid={`track-export-${f}`}
              onClick={() => void download(f)}
            >
              {f === 'gpx' ? t`导出GPX` : t`导出CSV`}
            </Button>
          ))}
        </Group>
      </Group>
      {exportError && (
        <Alert color="red" variant="light" py={6}>
          {exportError}
        </Alert>
      )}
      {points.isError && (
        <Alert color="red" variant="light" py={6}>
          {points.error.message}
        </Alert>
      )}
      {!range && (
        <Text size="sm" c="dimmed">
          <Trans>请选择设备</Trans>
        </Text>
      )}
      {empty && (
        <Text size="sm" c="dimmed" data-testid="track-empty">
          <Trans>该时间段没有轨迹</Trans>
        </Text>
      )}
      {track.truncated && (
        <Text size="xs" c="orange">
          <Trans>点数过多，只显示前 {shown} 个点，请缩短时间段</Trans>
        </Text>
      )}
      <Box h="52vh" mih={320}>
        <MapView>
          <TrackLayer track={track} store={store} />
        </MapView>
      </Box>
      <PlaybackBar store={store} disabled={track.t.length === 0} />
      <PointPanel store={store} track={track} />
      <PointTable key={`${range?.imei}:${range?.from}:${range?.to}:${track.t.length}`} track={track} store={store} />
    </Stack>
  );
}
