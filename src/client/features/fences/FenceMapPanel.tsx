import { Badge, Group, NavLink, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { FENCE_SHAPE, FENCE_SHAPE_TABLE, FENCE_TYPE_TABLE } from '../../../shared/geo/fence';
import { useCodeLabel } from '../resources/display';
import { activeFencesQuery, fenceStatesQuery, type ActiveFence } from './fences.queries';
import { formatDateCell } from '../../lib/dates';

interface FenceMapPanelProps {
  selected: number | null;
  onSelect: (fence: ActiveFence) => void;
}

/** The side of /fenceMap: the enabled fences, and the chosen one's facts and the devices inside it. */
export function FenceMapPanel({ selected, onSelect }: FenceMapPanelProps) {
  const { data: fences = [] } = useQuery(activeFencesQuery());
  const fence = fences.find((f) => f.id === selected) ?? null;
  return (
    <Stack gap="sm" h="100%">
      <Title order={5}>
        <Trans>围栏</Trans> ({fences.length})
      </Title>
      <ScrollArea.Autosize mah={fence ? 240 : undefined}>
        {fences.map((f) => (
          <NavLink
            key={f.id}
            label={f.name}
            active={f.id === selected}
            onClick={() => onSelect(f)}
            data-testid="fence-map-item"
          />
        ))}
        {fences.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>暂无启用的围栏</Trans>
          </Text>
        )}
      </ScrollArea.Autosize>
      {fence && <FenceFacts fence={fence} />}
    </Stack>
  );
}

function FenceFacts({ fence }: { fence: ActiveFence }) {
  const codeLabel = useCodeLabel();
  const inside = useQuery(fenceStatesQuery(fence.id));
  return (
    <Stack gap="xs" data-testid="fence-map-info">
      <Group gap="xs">
        <Title order={6}>{fence.name}</Title>
        <Badge variant="light">{codeLabel(FENCE_TYPE_TABLE, fence.type)}</Badge>
        <Badge variant="light" color="gray">
          {codeLabel(FENCE_SHAPE_TABLE, fence.shape)}
        </Badge>
      </Group>
      {fence.shape === FENCE_SHAPE.circle && fence.radius !== null && (
        <Text size="sm">
          <Trans>半径 {fence.radius} 米</Trans>
        </Text>
      )}
      {fence.description && <Text size="sm">{fence.description}</Text>}
      <Text size="sm" fw={500}>
        <Trans>围栏内设备</Trans> ({inside.data?.length ?? 0})
      </Text>
      <Table striped withTableBorder fz="xs" data-testid="fence-map-inside">
        <Table.Tbody>
          {(inside.data ?? []).map((d) => (
            <Table.Tr key={d.imei}>
              <Table.Td>{d.name ?? d.imei}</Table.Td>
              <Table.Td>{d.imei}</Table.Td>
              <Table.Td>{d.since ? formatDateCell(d.since) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
