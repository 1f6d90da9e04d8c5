import { useState } from 'react';
import { Badge, Button, Drawer, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { dailyQuery, ledgerQuery, topupsQuery, type LedgerRow } from './utilities.api';
import { DataTable, type Column } from '../../components/DataTable';

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
  const ledgerColumns: Column<LedgerRow>[] = [
    { id: 'at', name: 'at', title: <Trans>时间</Trans>, width: 160, type: 'date' },
    {
      id: 'type',
      name: 'type',
      title: <Trans>类型</Trans>,
      width: 120,
      render: (r) => `${codeLabel(LEDGER_TYPE_TABLE, r.type)}${r.userName ? ` (${r.userName})` : ''}`,
    },
    { id: 'reading', name: 'reading', title: <Trans>读数</Trans>, render: (r) => r.reading ?? '' },
    { id: 'delta', name: 'delta', title: <Trans>用量</Trans>, render: (r) => r.delta ?? '' },
    { id: 'rate', name: 'rate', title: <Trans>单价</Trans>, render: (r) => r.rate ?? '' },
    {
      id: 'amount',
      name: 'amountFen',
      title: <Trans>金额(元)</Trans>,
      render: (r) =>
        r.amountFen ? (
          <Text span inherit c={r.amountFen > 0 ? 'teal' : undefined}>
            {fenToYuan(r.amountFen)}
          </Text>
        ) : (
          ''
        ),
    },
    { id: 'balance', name: 'balanceFen', title: <Trans>余额(元)</Trans>, render: (r) => fenToYuan(r.balanceFen) },
  ];
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
          <DataTable<LedgerRow>
            columns={ledgerColumns}
            rows={ledger.data?.rows ?? []}
            loading={ledger.isFetching}
            compact
            testId="utility-ledger"
            rowOptions={(r) => ({
              color: r.type === LEDGER_TYPE.refused || r.type === LEDGER_TYPE.suspect ? 'red' : undefined,
            })}
          />
          {(ledger.data?.total ?? 0) > 10 && (
            <Pagination total={Math.ceil((ledger.data?.total ?? 0) / 10)} value={page} onChange={setPage} size="sm" />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
