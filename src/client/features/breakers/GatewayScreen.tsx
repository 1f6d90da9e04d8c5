import { useState } from 'react';
import { Alert, Badge, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { BREAKER_LOCK_TABLE, BREAKER_SWITCH_TABLE, DEVICE_STATE } from '../../../shared/codes';
import deviceResource from '../../../entities/device/resource';
import { formatDateCell } from '../../components/DataTable';
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
      {list.isSuccess && rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>该网关下暂无子设备</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`名称`}</Table.Th>
                <Table.Th>IMEI</Table.Th>
                <Table.Th>{t`设备类型`}</Table.Th>
                <Table.Th>{t`设备状态`}</Table.Th>
                <Table.Th>{t`合闸状态`}</Table.Th>
                <Table.Th>{t`最后通讯时间`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="sub-device" data-reachable={down ? 'no' : 'yes'}>
                  <Table.Td>{String(r.name ?? '')}</Table.Td>
                  <Table.Td>{String(r.imei)}</Table.Td>
                  <Table.Td>
                    <KindLabel kind={r.kind} />
                  </Table.Td>
                  <Table.Td>
                    {down ? (
                      <Badge color="red" variant="light" data-testid="sub-device-unreachable">
                        {t`不可达`}
                      </Badge>
                    ) : (
                      <StateBadge state={r.state as number | null} />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {r.kind === 'breaker' && r.closed !== null && r.closed !== undefined
                      ? `${codeLabel(BREAKER_SWITCH_TABLE, r.closed)}${Number(r.locked) === 1 ? ` · ${codeLabel(BREAKER_LOCK_TABLE, 1)}` : ''}`
                      : '-'}
                  </Table.Td>
                  <Table.Td>{formatDateCell(r.lastCommunicationAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
