import { Badge, Text } from '@mantine/core';
import { FENCE_PLACE, FENCE_PLACE_TABLE, WEARING_TABLE } from '../../../entities/monitored-person/resource';
import { useCodeLabel } from '../resources/display';
import type { Row } from '../resources/resources.queries';

const PLACE_COLOR: Record<number, string> = {
  [FENCE_PLACE.unknown]: 'gray',
  [FENCE_PLACE.inside]: 'green',
  [FENCE_PLACE.outside]: 'red',
};

/** Below this the battery shows red (the devices raise their low-battery alarm around it). */
const LOW_BATTERY = 20;

/** Inside, outside (red) or no fix yet. */
export function FencePlaceBadge({ row }: { row: Row }) {
  const codeLabel = useCodeLabel();
  if (!row.deviceId || !row.fenceId) return <Text c="dimmed">-</Text>;
  const v = Number(row.fencePlace ?? FENCE_PLACE.unknown);
  return (
    <Badge color={PLACE_COLOR[v] ?? 'gray'} variant="light" data-testid={`person-place-${row.id}`} data-place={v}>
      {codeLabel(FENCE_PLACE_TABLE, v)}
    </Badge>
  );
}

/** Worn (green) or taken off (red). */
export function WearingBadge({ row }: { row: Row }) {
  const codeLabel = useCodeLabel();
  if (row.wearing === null || row.wearing === undefined) return <Text c="dimmed">-</Text>;
  const v = Number(row.wearing);
  return (
    <Badge color={v === 1 ? 'green' : 'red'} variant="light" data-testid={`person-wearing-${row.id}`}>
      {codeLabel(WEARING_TABLE, v)}
    </Badge>
  );
}

/** The device's battery in percent, red when low. */
export function BatteryText({ row }: { row: Row }) {
  if (row.battery === null || row.battery === undefined) return <Text c="dimmed">-</Text>;
  const v = Number(row.battery);
  return (
    <Text
      c={v < LOW_BATTERY ? 'red' : undefined}
      fw={v < LOW_BATTERY ? 600 : undefined}
      data-testid={`person-battery-${row.id}`}
    >
      {v}%
    </Text>
  );
}

export const personCells = (checked: (row: Row) => React.ReactNode) => ({
  fencePlace: (row: Row) => <FencePlaceBadge row={row} />,
  wearing: (row: Row) => <WearingBadge row={row} />,
  battery: (row: Row) => <BatteryText row={row} />,
  checkedIn: checked,
});
