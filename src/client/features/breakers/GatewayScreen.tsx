import { useState } from 'react';
import { Alert, Badge, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { BREAKER_LOCK_TABLE, BREAKER_SWITCH_TABLE, DEVICE_STATE } from '../../../shared/codes';
import deviceResource from '../../../entities/device/resource';
import { DataTable, type Column } from '../../components/DataTable';
import { KindLabel, SignalBars, StateBadge } from '../devices/cells';
import { DeviceTable } from '../devices/DeviceTable';
import { useCodeLabel } from '../resources/display';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import type { RowAction } from '../resources/ResourceScreen';
import type { RouteScreenProps } from '../screens/types';

/** Sub-devices shown in a gateway's drawer (a gateway relays tens, not thousands). */
export const SUB_DEVICE_LIMIT = 200;

/** /gateay_4G: the tenant's 4G gateways; opening one lists the devices behind it. */
export function GatewayScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Row | null>(null);
  const rowActions: RowAction[] = [{ id: 'sub-devices', title: t`子设备`, color: 'blue', run: setOpen }];
  return (
    <>
      <DeviceTable preset="gateway" {...props} rowActions={rowActions} />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open ? String(open.name ?? open.imei) : ''}
      >
        {open && <SubDevices gateway={open} />}
      </Drawer>
    </>
  );
}

/** The gateway's figures and its sub-devices; all unreachable while the gateway is offline. */
export function SubDevices({ gateway }: { gateway: Row }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const list = useQuery(
    resourceListQuery(deviceResource, {
      page: 1,
      size: SUB_DEVICE_LIMIT,
      sort: [{ field: 'id', order: 'asc' }],
      filters: { gatewayId: gateway.id },
    }),
  );
  const rows = list.data?.rows ?? [];
  const down = gateway.state !== DEVICE_STATE.online;
  const columns: Column<Row>[] = [
    { id: 'name', name: 'name', title: t`名称`, width: 140, sortable: true },
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160, sortable: true },
    {
      id: 'kind',
      name: 'kind',
      title: t`设备类型`,
      width: 110,
      sortable: true,
      render: (r) => <KindLabel kind={r.kind} />,
    },
    {
      id: 'state',
      name: 'state',
      title: t`设备状态`,
      width: 100,
      sortable: true,
      render: (r) =>
        down ? (
          <Badge color="red" variant="light" data-testid="sub-device-unreachable">
            {t`不可达`}
          </Badge>
        ) : (
          <StateBadge state={r.state as number | null} />
        ),
    },
    {
      id: 'closed',
      name: 'closed',
      title: t`合闸状态`,
      width: 120,
      render: (r) =>
        r.kind === 'breaker' && r.closed !== null && r.closed !== undefined
          ? `${codeLabel(BREAKER_SWITCH_TABLE, r.closed)}${Number(r.locked) === 1 ? ` · ${codeLabel(BREAKER_LOCK_TABLE, 1)}` : ''}`
          : '-',
    },
    {
      id: 'lastCommunicationAt',
      name: 'lastCommunicationAt',
      title: t`最后通讯时间`,
      width: 170,
      sortable: true,
      type: 'date',
    },
  ];
  return (
    <Stack gap="sm" data-testid="gateway-sub-devices">
      <Group gap="lg">
        <StateBadge state={gateway.state as number | null} />
        <SignalBars state={gateway.state as number | null} signal={gateway.signal as number | null} />
        <Text size="sm">
          <Trans>上行流量</Trans>:{' '}
          {gateway.traffic === null || gateway.traffic === undefined ? '-' : `${String(gateway.traffic)} KB`}
        </Text>
        <Text size="sm">
          <Trans>子设备数</Trans>: {rows.length}
        </Text>
      </Group>
      {down && (
        <Alert color="red" variant="light" data-testid="gateway-down">
          <Trans>网关离线：其下的子设备均无法连接</Trans>
        </Alert>
      )}
      <DataTable<Row>
        columns={columns}
        rows={rows}
        loading={list.isPending}
        client={{ pageSize: 50 }}
        testId="gateway-sub-device-table"
        empty={<Trans>该网关下暂无子设备</Trans>}
        rowOptions={() => ({ attrs: { 'data-testid': 'sub-device', 'data-reachable': down ? 'no' : 'yes' } })}
      />
    </Stack>
  );
}
