import { Badge, Card, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY, DELIVERY_TABLE } from '../../../shared/codes';
import type { BatchCommandResult } from '../../../shared/devices/api';
import { DataTable, type Column } from '../../components/DataTable';
import { serverMessage } from '../../i18n/serverMessages';
import { DELIVERY_COLOR } from '../devices/labels';
import { useCodeLabel } from '../resources/display';
import { commandAcksQuery } from './tools.queries';
import { formatDateCell } from '../../lib/dates';

/**
 * The answers of one batch: per device, the refusal (offline, unsupported, unknown) or the
 * delivery state (1 not sent, 3 sent, 4 failed) and the device's acknowledgement as it arrives.
 */
export function BatchResults({ results }: { results: BatchCommandResult[] }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const ids = results.flatMap((r) => (r.id === undefined ? [] : [r.id]));
  const acks = useQuery(commandAcksQuery(ids));
  const ackOf = new Map((acks.data ?? []).map((a) => [a.id, a]));
  const ackFor = (r: BatchCommandResult) => (r.id === undefined ? undefined : ackOf.get(r.id));
  const columns: Column<BatchCommandResult>[] = [
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160 },
    {
      id: 'status',
      name: 'status',
      title: t`下发状态`,
      width: 140,
      render: (r) => {
        const status = ackFor(r)?.status ?? r.status;
        return r.key ? (
          <Badge color="red" variant="light" data-testid="batch-refused">
            {serverMessage(r.key, r.key)}
          </Badge>
        ) : (
          <Badge color={DELIVERY_COLOR[status ?? 0] ?? 'gray'} variant="light">
            {codeLabel(DELIVERY_TABLE, status)}
          </Badge>
        );
      },
    },
    {
      id: 'answer',
      name: 'answer',
      title: t`设备回复`,
      width: 220,
      render: (r) => {
        const ack = ackFor(r);
        const status = ack?.status ?? r.status;
        return ack?.ackAt ? (
          <Text size="sm" c={ack.ackOk === false ? 'red' : undefined} data-testid="batch-ack">
            {ack.ackMsg || t`已确认`} · {formatDateCell(ack.ackAt)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {r.key || status === DELIVERY.failed ? '-' : t`等待回复`}
          </Text>
        );
      },
    },
  ];
  return (
    <Card withBorder data-testid="batch-results">
      <Text fw={600} mb="xs">
        <Trans>下发结果</Trans>
      </Text>
      <DataTable<BatchCommandResult>
        columns={columns}
        rows={results}
        rowKey={(r) => r.imei}
        compact
        testId="batch-result-table"
        rowOptions={(r) => ({
          attrs: {
            'data-testid': 'batch-row',
            'data-imei': r.imei,
            'data-acked': ackFor(r)?.ackAt ? 'yes' : 'no',
            'data-refused': r.key ?? '',
          },
        })}
      />
    </Card>
  );
}
