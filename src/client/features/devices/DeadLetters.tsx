import { Badge, Card, Code, Pagination, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDateCell } from '../../components/DataTable';
import { useSession } from '../../lib/session';
import { deviceDeadLettersQuery } from './devices.queries';

const SIZE = 10;

/** Dead letters are shown to administrators (the service refuses everybody else). */
export const seesDeadLetters = (kind: string | undefined): boolean => kind === 'super' || kind === 'admin';

/**
 * Messages of this device the service could not take (docs/device-protocol.md "Dead letters"):
 * why, when, and the payload as it arrived, so a broken sensor or firmware can be diagnosed.
 */
export function DeadLetters({ imei }: { imei: string }) {
  const { t } = useLingui();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const allowed = seesDeadLetters(user?.kind);
  const list = useQuery({
    ...deviceDeadLettersQuery(imei, page, SIZE),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  if (!allowed) return null;
  const reasons: Record<string, string> = {
    malformed: t`格式错误`,
    implausible: t`数值超出物理范围`,
    failed: t`数据库拒绝`,
    alarm: t`告警处理失败`,
    fence: t`围栏处理失败`,
  };
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  return (
    <Card withBorder data-testid="dead-letters">
      <Text component="div" fw={600} mb="xs">
        <Trans>无法处理的消息</Trans>{' '}
        {total > 0 && (
          <Badge color="red" variant="light">
            {total}
          </Badge>
        )}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>没有无法处理的消息</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`时间`}</Table.Th>
                <Table.Th>{t`原因`}</Table.Th>
                <Table.Th>{t`错误`}</Table.Th>
                <Table.Th>{t`消息内容`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="dead-letter-row" data-reason={r.reason}>
                  <Table.Td>{formatDateCell(r.createdAt)}</Table.Td>
                  <Table.Td>{reasons[r.reason] ?? r.reason}</Table.Td>
                  <Table.Td>{r.error}</Table.Td>
                  <Table.Td>
                    <Code block style={{ maxWidth: 420, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                      {r.payload ?? `base64: ${r.payloadBase64}`}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > SIZE && <Pagination mt="sm" total={Math.ceil(total / SIZE)} value={page} onChange={setPage} />}
    </Card>
  );
}
