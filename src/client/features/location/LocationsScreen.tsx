import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, type Column } from '../../components/DataTable';
import { useMemo, useState } from 'react';
import type { MapDevice } from '../../../shared/geo/map-config';
import { DeviceMarkersLayer, MapView, useMapApi } from '../../map';
import { FIX_SOURCES } from '../../map/accuracy';
import { FixSourceBadge, formatAccuracy } from './fixSource';
import classes from './LocationScreen.module.css';
import { formatDateCell } from '../../lib/dates';

interface LocationsScreenProps {
  /** /locations_jf: the JF locators at their newest fix (GPS, LBS or Wi-Fi) with accuracy circles and a list. */
  jf?: boolean;
}

/** /locations and the map home: every device of the tenant, moving live; /locations_jf: the JF locators. */
export function LocationsScreen({ jf }: LocationsScreenProps) {
  return <MapView>{jf ? <JfLocators /> : <DeviceMarkersLayer fit />}</MapView>;
}

const LIST_MAX = 200;

function JfLocators() {
  const { t } = useLingui();
  const api = useMapApi();
  const [all, setAll] = useState<MapDevice[]>([]);
  const [source, setSource] = useState('all');
  const counts = useMemo(
    () => Object.fromEntries(FIX_SOURCES.map((s) => [s, all.filter((d) => (d.source ?? 'gps') === s).length])),
    [all],
  );
  const shown = useMemo(
    () =>
      (source === 'all' ? all : all.filter((d) => (d.source ?? 'gps') === source)).toSorted(
        (a, b) => (b.ts ?? 0) - (a.ts ?? 0),
      ),
    [all, source],
  );
  const columns: Column<MapDevice>[] = [
    { id: 'name', name: 'name', title: <Trans>设备</Trans>, width: 110, render: (d) => d.name ?? d.imei },
    {
      id: 'source',
      name: 'source',
      title: <Trans>来源</Trans>,
      width: 64,
      render: (d) => <FixSourceBadge source={d.source} />,
    },
    {
      id: 'accuracy',
      name: 'accuracy',
      title: <Trans>精度</Trans>,
      width: 64,
      render: (d) => <span data-testid="jf-accuracy">{formatAccuracy(d.accuracy)}</span>,
    },
    {
      id: 'ts',
      name: 'ts',
      title: <Trans>定位时间</Trans>,
      width: 100,
      render: (d) => (d.ts ? formatDateCell(d.ts, 'MM-DD HH:mm:ss') : '-'),
    },
  ];

  return (
    <>
      <DeviceMarkersLayer accuracyOf="locator" fit onFleet={setAll} />
      <Paper className={classes.panel} shadow="sm" p="xs" data-testid="jf-panel" data-count={all.length}>
        <SegmentedControl
          size="xs"
          fullWidth
          value={source}
          onChange={setSource}
          data-testid="jf-source"
          data={[
            { value: 'all', label: `${t`全部`} ${all.length}` },
            { value: 'gps', label: `GPS ${counts.gps}` },
            { value: 'wifi', label: `Wi-Fi ${counts.wifi}` },
            { value: 'lbs', label: `LBS ${counts.lbs}` },
          ]}
        />
        <Text size="xs" c="dimmed" mt={4}>
          <Trans>圆圈为定位精度半径：GPS 数米，Wi-Fi 数十米，基站(LBS) 数百米</Trans>
        </Text>
        <DataTable<MapDevice>
          columns={columns}
          rows={shown.slice(0, LIST_MAX)}
          rowKey={(d) => d.imei}
          compact
          maxHeight={360}
          testId="jf-list"
          rowOptions={(d) => ({ onClick: () => api?.setView([d.lon, d.lat], 16), attrs: { 'data-imei': d.imei } })}
        />
        {shown.length > LIST_MAX && (
          <Group justify="center">
            <Text size="xs" c="dimmed">
              <Trans>只列出最近的 {LIST_MAX} 台</Trans>
            </Text>
          </Group>
        )}
      </Paper>
    </>
  );
}
