import { Badge, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { SIM_STATE, SIM_STATE_TABLE } from '../../../entities/sim-card/resource';
import { useCodeLabel } from '../resources/display';
import type { Row } from '../resources/resources.queries';

/** Badge colour of each SIM_STATE: in service green, in between orange, stopped grey, exception red. */
const SIM_STATE_COLOR: Record<number, string> = {
  [SIM_STATE.activatable]: 'blue',
  [SIM_STATE.testActive]: 'cyan',
  [SIM_STATE.liveActive]: 'green',
  [SIM_STATE.stopped]: 'gray',
  [SIM_STATE.resuming]: 'orange',
  [SIM_STATE.shuttingDown]: 'orange',
  [SIM_STATE.disassembled]: 'dark',
  [SIM_STATE.exception]: 'red',
};

/** States the carrier is still working on. */
const SIM_BETWEEN_STATES: readonly number[] = [SIM_STATE.resuming, SIM_STATE.shuttingDown];

/** A card's state as a coloured badge (with a spinner while the carrier works on it). */
export function SimStateBadge({ state, id }: { state: unknown; id: number }) {
  const codeLabel = useCodeLabel();
  const value = Number(state);
  const between = SIM_BETWEEN_STATES.includes(value);
  return (
    <Badge
      color={SIM_STATE_COLOR[value] ?? 'gray'}
      variant="light"
      data-testid={`sim-state-${id}`}
      data-state={value}
      leftSection={between ? <Loader size={10} color="orange" /> : undefined}
    >
      {codeLabel(SIM_STATE_TABLE, value)}
    </Badge>
  );
}

/** Used against allowed: percentage 0..100 (0 when there is no allowance). */
export function usagePercent(used: unknown, allowed: unknown): number {
  const u = Number(used ?? 0);
  const a = Number(allowed ?? 0);
  if (!Number.isFinite(u) || !Number.isFinite(a) || a <= 0) return 0;
  return Math.min(100, Math.max(0, (u / a) * 100));
}

const barColor = (pct: number) => (pct >= 90 ? 'red' : pct >= 70 ? 'orange' : 'teal');

/** "used / allowed unit" with a progress bar; without an allowance just the used figure. */
export function UsageBar({
  used,
  allowed,
  unit,
  testId,
}: {
  used: unknown;
  allowed: unknown;
  unit: string;
  testId: string;
}) {
  const u = Number(used ?? 0);
  const a = Number(allowed ?? 0);
  const pct = usagePercent(u, a);
  return (
    <Stack gap={2} data-testid={testId}>
      <Group gap={4} wrap="nowrap">
        <Text size="xs">
          {Number.isFinite(u) ? Math.round(u * 100) / 100 : 0}
          {a > 0 ? ` / ${a}` : ''} {unit}
        </Text>
      </Group>
      {a > 0 && <Progress value={pct} color={barColor(pct)} size="sm" aria-label={`${Math.round(pct)}%`} />}
    </Stack>
  );
}

export const simRowCells = (unit: { mb: string; sms: string; min: string }) => ({
  state: (row: Row) => <SimStateBadge state={row.state} id={row.id} />,
  dataUsedMb: (row: Row) => (
    <UsageBar used={row.dataUsedMb} allowed={row.packageDataMb} unit={unit.mb} testId={`sim-data-${row.id}`} />
  ),
  smsUsed: (row: Row) => (
    <UsageBar used={row.smsUsed} allowed={row.packageSms} unit={unit.sms} testId={`sim-sms-${row.id}`} />
  ),
  voiceUsedMin: (row: Row) => (
    <UsageBar used={row.voiceUsedMin} allowed={row.packageVoice} unit={unit.min} testId={`sim-voice-${row.id}`} />
  ),
});
