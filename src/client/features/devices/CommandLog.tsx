import { Badge, Card, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY, DELIVERY_TABLE } from '../../../shared/codes';
import deviceCommandResource from '../../../entities/device-command/resource';
import type { ListResult } from '../../../shared/resources/list';
import { formatDateCell } from '../../components/DataTable';
import { useCodeLabel } from '../resources/display';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import { COMMAND_LOG_REFRESH_MS } from './devices.queries';
import { commandLabel, DELIVERY_COLOR } from './labels';

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
  return (
    <Card withBorder data-testid="command-log">
      <Text fw={600} mb="xs">
        <Trans>指令记录</Trans>
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>暂无指令记录</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`时间`}</Table.Th>
                <Table.Th>{t`指令`}</Table.Th>
                <Table.Th>{t`参数`}</Table.Th>
                <Table.Th>{t`下发状态`}</Table.Th>
                <Table.Th>{t`设备回复`}</Table.Th>
                <Table.Th>{t`操作人`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr
                  key={r.id}
                  data-testid="command-row"
                  data-cmd={String(r.cmd)}
                  data-acked={r.ackAt ? 'yes' : 'no'}
                >
                  <Table.Td>{formatDateCell(r.createdAt)}</Table.Td>
                  <Table.Td>{commandLabel(i18n, String(r.cmd))}</Table.Td>
                  <Table.Td>
                    {r.params && typeof r.params === 'object' ? JSON.stringify(r.params) : String(r.params ?? '')}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={DELIVERY_COLOR[Number(r.status)] ?? 'gray'}>
                      {codeLabel(DELIVERY_TABLE, r.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {r.ackAt ? (
                      <Text size="sm" data-testid="command-ack">
                        {String(r.ackMsg ?? '') || t`已确认`} · {formatDateCell(r.ackAt)}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {r.status === DELIVERY.failed ? '-' : t`等待回复`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{String(r.operatorName ?? '')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
