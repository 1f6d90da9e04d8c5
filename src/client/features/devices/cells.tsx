import type { ReactNode } from 'react';
import { Badge, Box, Group, Text } from '@mantine/core';
import { DEVICE_KIND_TABLE, DEVICE_STATE_TABLE } from '../../../shared/codes';
import { batteryColor, signalBars, stateKey } from '../../../shared/devices/display';
import { useCodeLabel } from '../resources/display';
import type { Row } from '../resources/resources.queries';

const STATE_COLOR = { online: 'green', offline: 'gray', inactive: 'yellow', abnormal: 'red' } as const;

/**
 * docs/requirements/states-and-codes.md#device-state: online green, offline gray, not activated yellow, anything else
 * red.
 */
export function StateBadge({ state }: { state: number | null | undefined }) {
  const codeLabel = useCodeLabel();
  const key = stateKey(state);
  return (
    <Badge color={STATE_COLOR[key]} variant="light" data-testid="device-state" data-state={key}>
      {codeLabel(DEVICE_STATE_TABLE, state ?? 3)}
    </Badge>
  );
}

export function BatteryCell({ battery }: { battery: number | null | undefined }) {
  const color = batteryColor(battery);
  if (battery === null || battery === undefined)
    return (
      <Text size="sm" c="dimmed" data-testid="device-battery" data-color={color}>
        -
      </Text>
    );
  return (
    <Text size="sm" fw={600} c={`var(--mantine-color-${color}-7)`} data-testid="device-battery" data-color={color}>
      {battery}%
    </Text>
  );
}

/** Four bars, the first `bars` filled; nothing unless the device is online. */
export function SignalBars({ state, signal }: { state: number | null | undefined; signal: number | null | undefined }) {
  const bars = signalBars(state, signal);
  if (bars === null)
    return (
      <Text size="sm" c="dimmed" data-testid="device-signal" data-bars="none">
        -
      </Text>
    );
  return (
    <Group gap={2} align="flex-end" wrap="nowrap" data-testid="device-signal" data-bars={bars} aria-label={`${bars}/4`}>
      {[1, 2, 3, 4].map((level) => (
        <Box
          key={level}
          w={4}
          h={4 + level * 3}
          style={{ borderRadius: 1 }}
          bg={level <= bars ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-3)'}
        />
      ))}
    </Group>
  );
}

export function KindLabel({ kind }: { kind: unknown }) {
  const codeLabel = useCodeLabel();
  return <>{codeLabel(DEVICE_KIND_TABLE, kind)}</>;
}

/** The device cells of every device table. */
export const deviceCells: Record<string, (row: Row) => ReactNode> = {
  state: (row) => <StateBadge state={row.state as number | null} />,
  battery: (row) => <BatteryCell battery={row.battery as number | null} />,
  signal: (row) => <SignalBars state={row.state as number | null} signal={row.signal as number | null} />,
  kind: (row) => <KindLabel kind={row.kind} />,
};
