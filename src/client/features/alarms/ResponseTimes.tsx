import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, type Column } from '../../components/DataTable';
import type { AlarmStats } from '../../../shared/alarms/api';
import { alarmTypeLabel } from '../realtime/alarmLabels';

type ByType = AlarmStats['response']['byType'][number];
type ByOperator = AlarmStats['response']['byOperator'][number];

function timeColumns<R extends { acknowledged: number; medianS: number; p90S: number }>(): Column<R>[] {
  return [
    {
      id: 'acknowledged',
      name: 'acknowledged',
      title: <Trans>已接手</Trans>,
      width: 80,
      sortable: true,
      type: 'number',
      align: 'end',
    },
    {
      id: 'medianS',
      name: 'medianS',
      title: <Trans>接手用时中位数(秒)</Trans>,
      width: 120,
      sortable: true,
      align: 'end',
      type: 'number',
    },
    {
      id: 'p90S',
      name: 'p90S',
      title: <Trans>接手用时 P90(秒)</Trans>,
      width: 110,
      sortable: true,
      align: 'end',
      type: 'number',
    },
  ];
}

/**
 * /alarmTongji's response card (docs/alarms.md#acknowledgement-and-escalation): how fast alarms were
 * acknowledged, median and p90 by type and by operator, and how many escalated because nobody did.
 */
export function ResponseTimes({ response }: { response: AlarmStats['response'] }) {
  const { t } = useLingui();
  const byType: Column<ByType>[] = [
    {
      id: 'type',
      name: 'type',
      title: <Trans>报警类型</Trans>,
      width: 140,
      sortable: true,
      render: (r) => alarmTypeLabel(r.type),
    },
    ...timeColumns<ByType>(),
  ];
  const byOperator: Column<ByOperator>[] = [
    {
      id: 'name',
      name: 'name',
      title: <Trans>接手人</Trans>,
      width: 140,
      sortable: true,
      render: (r) => r.name || '-',
    },
    ...timeColumns<ByOperator>(),
  ];
  return (
    <Card withBorder data-testid="alarm-response">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          <Trans>报警响应</Trans>
        </Text>
        <Text size="sm" data-testid="alarm-escalated">
          {t`无人接手而升级的报警`}: <b>{response.escalated}</b>
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DataTable<ByType>
          columns={byType}
          rows={response.byType}
          rowKey={(r) => r.type}
          client={{}}
          compact
          testId="response-by-type"
        />
        <DataTable<ByOperator>
          columns={byOperator}
          rows={response.byOperator}
          rowKey={(r) => r.name}
          client={{}}
          compact
          testId="response-by-operator"
        />
      </SimpleGrid>
    </Card>
  );
}
