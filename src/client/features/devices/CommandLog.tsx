import { Badge, Card, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY, DELIVERY_TABLE } from '../../../shared/codes';
import deviceCommandResource from '../../../entities/device-command/resource';
import type { ListResult } from '../../../shared/resources/list';
import { DataTable, type Column } from '../../components/DataTable';
import { useCodeLabel } from '../resources/display';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import { COMMAND_LOG_REFRESH_MS } from './devices.queries';
import { commandLabel, DELIVERY_COLOR } from './labels';
import { formatDateCell } from '../../lib/dates';

/** A command still waiting for the device's acknowledgement keeps the log polling. */
export const awaitingAck = (rows: readonly Row[]): boolean =>
  rows.some((r) => r.status !== DELIVERY.failed && !r.ackAt);

/** The device's recent commands with their delivery status and acknowledgement. */
export function CommandLog({ imei }: { imei: string }) {
  const { t, i18n } = useLingui();
  const codeLabel = useCodeLabel();
  const log = useQuery({
    ...resourceListQuery(deviceCommandResource, {
      page: 1,
      size: 10,
      sort: [{ field: 'id', order: 'desc' }],
      filters: { imei },
    }),
    refetchInterval: (query) =>
      awaitingAck((query.state.data as ListResult<Row> | undefined)?.rows ?? []) ? COMMAND_LOG_REFRESH_MS : false,
  });
  const rows = log.data?.rows ?? [];
  const columns: Column<Row>[] = [
    { id: 'createdAt', name: 'createdAt', title: t`时间`, width: 160, type: 'date' },
    { id: 'cmd', name: 'cmd', title: t`指令`, width: 120, render: (r) => commandLabel(i18n, String(r.cmd)) },
    {
      id: 'params',
      name: 'params',
      title: t`参数`,
      width: 160,
      render: (r) => (r.params && typeof r.params === 'object' ? JSON.stringify(r.params) : String(r.params ?? '')),
    },
    {
      id: 'status',
      name: 'status',
      title: t`下发状态`,
      render: (r) => (
        <Badge variant="light" color={DELIVERY_COLOR[Number(r.status)] ?? 'gray'}>
          {codeLabel(DELIVERY_TABLE, r.status)}
        </Badge>
      ),
    },
    {
      id: 'ack',
      name: 'ackAt',
      title: t`设备回复`,
      width: 200,
      render: (r) =>
        r.ackAt ? (
          <Text size="sm" data-testid="command-ack">
            {String(r.ackMsg ?? '') || t`已确认`} · {formatDateCell(r.ackAt)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {r.status === DELIVERY.failed ? '-' : t`等待回复`}
          </Text>
        ),
    },
    { id: 'operator', name: 'operatorName', title: t`操作人` },
  ];
  return (
    <Card withBorder data-testid="command-log">
      <Text fw={600} mb="xs">
        <Trans>指令记录</Trans>
      </Text>
      <DataTable<Row>
        columns={columns}
        rows={rows}
        loading={log.isPending}
        compact
        testId="command-table"
        empty={<Trans>暂无指令记录</Trans>}
        rowOptions={(r) => ({
          attrs: { 'data-testid': 'command-row', 'data-cmd': String(r.cmd), 'data-acked': r.ackAt ? 'yes' : 'no' },
        })}
      />
    </Card>
  );
}
