import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { DEVICE_KIND_TABLE } from '../../../shared/codes';
import { MAX_PAGE_SIZE } from '../../../shared/resources/paging';
import { resourceOfRoute } from '../../../entities/registry';
import { MapView, useMapApi } from '../../map';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import { buildListQuery } from '../resources/search';
import type { RouteScreenProps } from '../screens/types';
import { formatDateCell } from '../../lib/dates';

const LAYER = 'installations';
const installation = resourceOfRoute('installationMap')!;

/**
 * /installationMap: installation records on the map and in the generic list (filters by
 * installer, date and kind, add and edit with a photo, export). The map shows the records the
 * list's filters match (the newest 500); a marker click shows who installed what, when, and the photo.
 */
export function InstallationMapScreen({ search, onSearchChange }: RouteScreenProps) {
  const query = useMemo(() => ({ ...buildListQuery(installation, search), page: 1, size: MAX_PAGE_SIZE }), [search]);
  const rows = useQuery(resourceListQuery(installation, query));
  return (
    <Stack gap="xs" p="xs">
      <Box h="45vh" mih={300} pos="relative" data-testid="installation-map" data-count={rows.data?.rows.length}>
        <MapView>
          <InstallationLayer rows={rows.data?.rows ?? []} />
        </MapView>
      </Box>
      <ResourceScreen def={installation} search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}

function InstallationLayer({ rows }: { rows: Row[] }) {
  const api = useMapApi();
  const [selected, setSelected] = useState<Row | null>(null);
  const codeLabel = useCodeLabel();

  useEffect(() => {
    if (!api) return;
    const points = rows.map((r) => ({
      id: String(r.id),
      lonLat: [Number(r.lon), Number(r.lat)] as [number, number],
      state: 1,
      label: `${String(r.installer)} · ${codeLabel(DEVICE_KIND_TABLE, r.deviceKind)}`,
    }));
    api.setMarkers(LAYER, points, { cluster: true });
    if (points.length)
      api.fitBounds(
        points.map((p) => p.lonLat),
        40,
      );
  }, [api, rows, codeLabel]);

  useEffect(() => {
    if (!api) return;
    api.onMarkerClick((id) => setSelected(rows.find((r) => String(r.id) === id) ?? null));
    return () => api.onMarkerClick(null);
  }, [api, rows]);

  useEffect(() => () => api?.clear(LAYER), [api]);

  if (!selected) return null;
  return (
    <Paper
      shadow="md"
      p="xs"
      withBorder
      pos="absolute"
      top={8}
      style={{ insetInlineEnd: 8, zIndex: 3, width: 260 }}
      data-testid="installation-popup"
    >
      <Group justify="space-between" mb={4}>
        <Badge variant="light">{codeLabel(DEVICE_KIND_TABLE, selected.deviceKind)}</Badge>
        <Text size="xs" c="dimmed" style={{ cursor: 'pointer' }} onClick={() => setSelected(null)}>
          ✕
        </Text>
      </Group>
      <Text size="sm">
        <Trans>安装人</Trans>: {String(selected.installer)}
      </Text>
      <Text size="sm">
        <Trans>安装时间</Trans>: {formatDateCell(selected.installedAt, 'YYYY-MM-DD HH:mm')}
      </Text>
      {selected.address ? <Text size="sm">{String(selected.address)}</Text> : null}
      {selected.photo ? <Image src={String(selected.photo)} mt={4} h={140} fit="contain" alt="" /> : null}
    </Paper>
  );
}
