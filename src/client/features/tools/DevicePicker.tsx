import { useState } from 'react';
import { Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_STATE, DEVICE_STATE_TABLE } from '../../../shared/codes';
import type { DeviceKind } from '../../../shared/devices/kinds';
import deviceResource from '../../../entities/device/resource';
import { DataTable, type Column } from '../../components/DataTable';
import { useCodeLabel } from '../resources/display';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import { KindLabel, StateBadge } from '../devices/cells';

const PAGE = 10;

export interface PickedDevice {
  imei: string;
  kind: string;
  state: number;
  name: string;
}

/**
 * The tenant's devices of `kinds`, searchable and paged, with a checkbox each and "select page":
 * controlBar and pubMusic send to what is picked. Offline devices can be picked; the service
 * refuses them one by one with "device offline".
 */
export function DevicePicker({
  kinds,
  picked,
  onChange,
}: {
  kinds: readonly DeviceKind[];
  picked: PickedDevice[];
  onChange: (next: PickedDevice[]) => void;
}) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const [kind, setKind] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const filters: Record<string, unknown> = { kind: kind ?? [...kinds] };
  if (state !== null) filters.state = Number(state);
  const list = useQuery(
    resourceListQuery(deviceResource, {
      page,
      size: PAGE,
      sort: [{ field: 'imei', order: 'asc' }],
      filters,
      ...(debounced ? { keyword: debounced } : {}),
    }),
  );
  const rows = (list.data?.rows ?? []) as Row[];
  const total = list.data?.total ?? 0;
  const asPicked = (r: Row): PickedDevice => ({
    imei: String(r.imei),
    kind: String(r.kind),
    state: Number(r.state),
    name: String(r.name ?? ''),
  });
  /** The picked IMEIs, in order, back to devices: those picked before keep theirs, new ones come from this page. */
  const pick = (imeis: (string | number)[]) =>
    onChange(
      imeis.flatMap((imei) => {
        const before = picked.find((p) => p.imei === imei);
        const row = rows.find((r) => String(r.imei) === imei);
        return before ? [before] : row ? [asPicked(row)] : [];
      }),
    );
  const columns: Column<Row>[] = [
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160 },
    { id: 'name', name: 'name', title: t`名称`, width: 140 },
    { id: 'kind', name: 'kind', title: t`设备类型`, width: 110, render: (r) => <KindLabel kind={r.kind} /> },
    {
      id: 'state',
      name: 'state',
      title: t`设备状态`,
      width: 110,
      render: (r) => <StateBadge state={Number(r.state)} />,
    },
  ];
  return (
    <div data-testid="device-picker">
      <Group gap="xs" mb="xs" wrap="wrap">
        <TextInput
          size="xs"
          w={200}
          placeholder={t`IMEI或名称`}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.currentTarget.value);
            setPage(1);
          }}
          data-testid="picker-keyword"
        />
        <Select
          size="xs"
          w={150}
          clearable
          placeholder={t`设备类型`}
          data={kinds.map((k) => ({
            value: k,
            label: codeLabel(deviceResource.fields.find((f) => f.name === 'kind')!.codes!, k),
          }))}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
        />
        <Select
          size="xs"
          w={120}
          clearable
          placeholder={t`设备状态`}
          data={DEVICE_STATE_TABLE.map((s) => ({
            value: String(s.value),
            label: codeLabel(DEVICE_STATE_TABLE, s.value),
          }))}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          data-testid="picker-state"
        />
        <Text size="sm" c="dimmed" data-testid="picked-count">
          <Trans>已选 {picked.length} 台</Trans>
        </Text>
      </Group>
      <DataTable<Row>
        columns={columns}
        rows={rows}
        rowKey={(r) => String(r.imei)}
        loading={list.isPending}
        compact
        selectable
        selected={picked.map((p) => p.imei)}
        onSelectedChange={pick}
        selectLabels={{ all: t`全选本页`, allTestId: 'picker-page', row: (r) => String(r.imei) }}
        rowOptions={(r) => ({
          attrs: {
            'data-testid': 'picker-row',
            'data-imei': String(r.imei),
            'data-online': Number(r.state) === DEVICE_STATE.online ? 'yes' : 'no',
          },
        })}
      />
      {total > PAGE && <Pagination size="sm" mt="xs" total={Math.ceil(total / PAGE)} value={page} onChange={setPage} />}
    </div>
  );
}
