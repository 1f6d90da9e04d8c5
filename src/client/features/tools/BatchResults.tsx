import { Badge, Card, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY, DELIVERY_TABLE } from '../../../shared/codes';
import type { BatchCommandResult } from '../../../shared/devices/api';
import { formatDateCell } from '../../components/DataTable';
import { serverMessage } from '../../i18n/serverMessages';
import { DELIVERY_COLOR } from '../devices/labels';
import { useCodeLabel } from '../resources/display';
import { commandAcksQuery } from './tools.queries';

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
  return (
    <Card withBorder data-testid="batch-results">
      <Text fw={600} mb="xs">
        <Trans>下发结果</Trans>
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>IMEI</Table.Th>
              <Table.Th>{t`下发状态`}</Table.Th>
              <Table.Th>{t`设备回复`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((r) => {
              const ack = r.id === undefined ? undefined : ackOf.get(r.id);
              const status = ack?.status ?? r.status;
              return (
                <Table.Tr
                  key={r.imei}
                  data-testid="batch-row"
                  data-imei={r.imei}
                  data-acked={ack?.ackAt ? 'yes' : 'no'}
                  data-refused={r.key ?? ''}
                >
                  <Table.Td>{r.imei}</Table.Td>
                  <Table.Td>
                    {r.key ? (
                      <Badge color="red" variant="light" data-testid="batch-refused">
                        {serverMessage(r.key, r.key)}
                      </Badge>
                    ) : (
                      <Badge color={DELIVERY_COLOR[status ?? 0] ?? 'gray'} variant="light">
                        {codeLabel(DELIVERY_TABLE, status)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {ack?.ackAt ? (
                      <Text size="sm" c={ack.ackOk === false ? 'red' : undefined} data-testid="batch-ack">
                        {ack.ackMsg || t`已确认`} · {formatDateCell(ack.ackAt)}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {r.key || status === DELIVERY.failed ? '-' : t`等待回复`}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
