import { useState } from 'react';
import { Checkbox, Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_STATE, DEVICE_STATE_TABLE } from '../../../shared/codes';
import type { DeviceKind } from '../../../shared/devices/kinds';
import deviceResource from '../../../entities/device/resource';
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
  const chosen = new Set(picked.map((p) => p.imei));
  const asPicked = (r: Row): PickedDevice => ({
    imei: String(r.imei),
    kind: String(r.kind),
    state: Number(r.state),
    name: String(r.name ?? ''),
  });
  const toggle = (r: Row, on: boolean) =>
    onChange(on ? [...picked, asPicked(r)] : picked.filter((p) => p.imei !== r.imei));
  const allOnPage = rows.length > 0 && rows.every((r) => chosen.has(String(r.imei)));
  const togglePage = (on: boolean) =>
    onChange(
      on
        ? [...picked, ...rows.filter((r) => !chosen.has(String(r.imei))).map(asPicked)]
        : picked.filter((p) => !rows.some((r) => r.imei === p.imei)),
    );

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
      <Table.ScrollContainer minWidth={520}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t`全选本页`}
                  checked={allOnPage}
                  onChange={(e) => togglePage(e.currentTarget.checked)}
                  data-testid="picker-page"
                />
              </Table.Th>
              <Table.Th>IMEI</Table.Th>
              <Table.Th>{t`名称`}</Table.Th>
              <Table.Th>{t`设备类型`}</Table.Th>
              <Table.Th>{t`设备状态`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={String(r.imei)}
                data-testid="picker-row"
                data-imei={String(r.imei)}
                data-online={Number(r.state) === DEVICE_STATE.online ? 'yes' : 'no'}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={String(r.imei)}
                    checked={chosen.has(String(r.imei))}
                    onChange={(e) => toggle(r, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{String(r.imei)}</Table.Td>
                <Table.Td>{String(r.name ?? '')}</Table.Td>
                <Table.Td>
                  <KindLabel kind={r.kind} />
                </Table.Td>
                <Table.Td>
                  <StateBadge state={Number(r.state)} />
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" size="sm">
                    <Trans>暂无数据</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE && <Pagination size="sm" mt="xs" total={Math.ceil(total / PAGE)} value={page} onChange={setPage} />}
    </div>
  );
}
