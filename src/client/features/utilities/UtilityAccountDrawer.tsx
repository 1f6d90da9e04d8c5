import { useState } from 'react';
import { Badge, Button, Drawer, Group, Pagination, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  LEDGER_TYPE,
  LEDGER_TYPE_TABLE,
  UTILITY_KIND,
  UTILITY_STATE,
  UTILITY_STATE_TABLE,
} from '../../../entities/utility-account/resource';
import { ORDER_STATUS, fenToYuan } from '../../../shared/payments';
import { CategoryChart } from '../../components/Chart/kinds';
import { hasMark } from '../../lib/session';
import { useCodeLabel } from '../resources/display';
import type { Row } from '../resources/resources.queries';
import { dailyQuery, ledgerQuery, topupsQuery } from './utilities.api';
import { formatDateCell } from '../../components/DataTable/cells';

const STATE_COLOR: Record<number, string> = {
  [UTILITY_STATE.normal]: 'teal',
  [UTILITY_STATE.low]: 'orange',
  [UTILITY_STATE.cutOff]: 'red',
};

/** The top-up amount in yuan is valid: more than 0, at most TOPUP_MAX_YUAN, whole fen. */
/** An account's state (normal, low, cut off) as a coloured badge. */
export function StateBadge({ state }: { state: unknown }) {
  const codeLabel = useCodeLabel();
  return (
    <Badge color={STATE_COLOR[Number(state)] ?? 'gray'} variant="light" data-testid="utility-state">
      {codeLabel(UTILITY_STATE_TABLE, state)}
    </Badge>
  );
}

/** One account: its daily consumption chart and its ledger, with a way to top it up. */
export function AccountDrawer({
  row,
  onClose,
  onTopup,
}: {
  row: Row | null;
  onClose: () => void;
  onTopup: (row: Row) => void;
}) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const [page, setPage] = useState(1);
  const id = row?.id ?? 0;
  const ledger = useQuery({ ...ledgerQuery(id, page), enabled: !!row });
  const daily = useQuery({ ...dailyQuery(id), enabled: !!row });
  const topups = useQuery({ ...topupsQuery(id), enabled: !!row });
  const unit = row?.kind === UTILITY_KIND.water ? 'm³' : 'kWh';
  const days = daily.data?.rows ?? [];
  const pending = (topups.data?.rows ?? []).filter((r) => r.status === ORDER_STATUS.unpaid);
  return (
    <Drawer
      opened={!!row}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Trans>账户详情</Trans>}
      data-testid="utility-drawer"
    >
      {row && (
        <Stack gap="md">
          <SimpleGrid cols={3}>
            <Text size="sm">
              <Trans>表号</Trans>: {String(row.meterNo)}
            </Text>
            <Text size="sm">
              <Trans>余额</Trans>: <b data-testid="utility-drawer-balance">{Number(row.balance ?? 0).toFixed(2)}</b>{' '}
              <Trans>元</Trans>
            </Text>
            <Group gap={4}>
              <StateBadge state={row.state} />
            </Group>
            <Text size="sm">
              <Trans>单价</Trans>: {row.rate === null || row.rate === undefined ? '-' : String(row.rate)}{' '}
              <Trans>元</Trans>/{unit}
            </Text>
            <Text size="sm">
              <Trans>低余额阈值</Trans>: {Number(row.threshold ?? 0).toFixed(2)} <Trans>元</Trans>
            </Text>
            <Text size="sm">
              <Trans>最近读数</Trans>:{' '}
              {row.lastReading === null || row.lastReading === undefined ? '-' : String(row.lastReading)} {unit}
            </Text>
          </SimpleGrid>
          {hasMark('utilityAccount:topup') && (
            <Group>
              <Button color="teal" onClick={() => onTopup(row)} data-testid="utility-drawer-topup">
                <Trans>充值</Trans>
              </Button>
            </Group>
          )}
          <Text fw={500}>
            <Trans>近30天每日用量</Trans> ({unit})
          </Text>
          {days.length ? (
            <CategoryChart
              kind="bar"
              height={220}
              categories={{
                name: days.map((d) => d.day.slice(5)),
                title: [t`用量`],
                data: [{ name: t`用量`, value: days.map((d) => d.used) }],
              }}
              data-testid="utility-daily-chart"
            />
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>暂无用量</Trans>
            </Text>
          )}
          {pending.length > 0 && (
            <Text size="sm" c="orange" data-testid="utility-pending">
              <Trans>待支付充值单</Trans>:{' '}
              {pending.map((p) => `${p.orderNo ?? p.id} (${fenToYuan(p.amountFen)})`).join(', ')}
            </Text>
          )}
          <Text fw={500}>
            <Trans>流水</Trans>
          </Text>
          <Table striped withTableBorder data-testid="utility-ledger">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>时间</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>类型</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>读数</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>用量</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>单价</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>金额(元)</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>余额(元)</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(ledger.data?.rows ?? []).map((r) => (
                <Table.Tr
                  key={r.id}
                  c={r.type === LEDGER_TYPE.refused || r.type === LEDGER_TYPE.suspect ? 'red' : undefined}
                >
                  <Table.Td>{formatDateCell(r.at)}</Table.Td>
                  <Table.Td>
                    {codeLabel(LEDGER_TYPE_TABLE, r.type)}
                    {r.userName ? ` (${r.userName})` : ''}
                  </Table.Td>
                  <Table.Td>{r.reading ?? ''}</Table.Td>
                  <Table.Td>{r.delta ?? ''}</Table.Td>
                  <Table.Td>{r.rate ?? ''}</Table.Td>
                  <Table.Td c={r.amountFen > 0 ? 'teal' : undefined}>
                    {r.amountFen ? fenToYuan(r.amountFen) : ''}
                  </Table.Td>
                  <Table.Td>{fenToYuan(r.balanceFen)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {(ledger.data?.total ?? 0) > 10 && (
            <Pagination total={Math.ceil((ledger.data?.total ?? 0) / 10)} value={page} onChange={setPage} size="sm" />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
