import { useEffect, useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { UWB_STATUS_TABLE } from '../../../entities/uwb-base-station/resource';
import { useCodeLabel } from '../resources/display';
import type { FloorSize } from './geometry';
import type { Station } from './indoor.queries';

export type StationPatch = Pick<Station, 'x' | 'y' | 'z' | 'status'>;

/** X/Y/Z and status of the selected station; saving goes through the generic update. */
export function StationPanel({
  station,
  floor,
  saving,
  onSave,
}: {
  station: Station;
  floor: FloorSize;
  saving: boolean;
  onSave: (patch: StationPatch) => void;
}) {
  const { t } = useLingui();
  const label = useCodeLabel();
  const [draft, setDraft] = useState<StationPatch>(station);
  // A drag on the plan moves the station under the panel: show where it went.
  useEffect(
    () => setDraft({ x: station.x, y: station.y, z: station.z, status: station.status }),
    [station.x, station.y, station.z, station.status],
  );
  const num = (key: 'x' | 'y' | 'z', max: number, text: string) => (
    <NumberInput
      label={text}
      value={draft[key]}
      min={0}
      max={max}
      decimalScale={2}
      clampBehavior="strict"
      data-field={key}
      onChange={(v) => setDraft({ ...draft, [key]: typeof v === 'number' ? v : 0 })}
    />
  );
  return (
    <Paper withBorder p="sm" data-testid="station-panel">
      <Stack gap="xs">
        <Text fw={600}>{station.code ? `${station.code} · ${station.name}` : station.name}</Text>
        {num('x', floor.width, t`X(米)`)}
        {num('y', floor.height, t`Y(米)`)}
        {num('z', 1000, t`Z(米)`)}
        <Select
          label={t`状态`}
          data={UWB_STATUS_TABLE.map((c) => ({ value: String(c.value), label: label(UWB_STATUS_TABLE, c.value) }))}
          value={String(draft.status)}
          allowDeselect={false}
          onChange={(v) => v !== null && setDraft({ ...draft, status: Number(v) })}
          data-field="status"
        />
        <Group justify="flex-end">
          <Button onClick={() => onSave(draft)} loading={saving} data-testid="station-save">
            <Trans>保存</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
