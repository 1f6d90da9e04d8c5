import { Badge, Card, Code, Pagination, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import type { DeadLetterRow } from '../../../shared/devices/api';
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
  const columns: Column<DeadLetterRow>[] = [
    { id: 'createdAt', name: 'createdAt', title: t`时间`, width: 160, type: 'date' },
    { id: 'reason', name: 'reason', title: t`原因`, width: 130, render: (r) => reasons[r.reason] ?? r.reason },
    { id: 'error', name: 'error', title: t`错误`, width: 200, wrap: true },
    {
      id: 'payload',
      name: 'payload',
      title: t`消息内容`,
      width: 300,
      wrap: true,
      render: (r) => (
        <Code block style={{ maxWidth: 420, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {r.payload ?? `base64: ${r.payloadBase64}`}
        </Code>
      ),
    },
  ];
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
      <DataTable<DeadLetterRow>
        columns={columns}
        rows={rows}
        loading={list.isPending}
        compact
        testId="dead-letter-table"
        empty={<Trans>没有无法处理的消息</Trans>}
        rowOptions={(r) => ({ attrs: { 'data-testid': 'dead-letter-row', 'data-reason': r.reason } })}
      />
      {total > SIZE && <Pagination mt="sm" total={Math.ceil(total / SIZE)} value={page} onChange={setPage} />}
    </Card>
  );
}
