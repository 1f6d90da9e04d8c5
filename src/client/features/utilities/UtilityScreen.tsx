import { useState } from 'react';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import utilityDef, {
  LEDGER_TYPE,
  LEDGER_TYPE_TABLE,
  TOPUP_MAX_YUAN,
  UTILITY_KIND,
  UTILITY_STATE,
  UTILITY_STATE_TABLE,
} from '../../../entities/utility-account/resource';
import { ORDER_STATUS, fenToYuan } from '../../../shared/payments';
import { CategoryChart } from '../../components/Chart/kinds';
import { request, toast } from '../../lib/request';
import { getUser, hasMark } from '../../lib/session';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { dailyQuery, ledgerQuery, topupsQuery, type TopupAnswer } from './utilities.api';
import { formatDateCell } from '../../components/DataTable/cells';
import { ModalFooter } from '../../components/ModalFooter';

type Kind = 1 | 2;

const STATE_COLOR: Record<number, string> = {
  [UTILITY_STATE.normal]: 'teal',
  [UTILITY_STATE.low]: 'orange',
  [UTILITY_STATE.cutOff]: 'red',
};

/** The top-up amount in yuan is valid: more than 0, at most TOPUP_MAX_YUAN, whole fen. */
export function topupAmountError(value: number | string): 'required' | 'range' | 'fen' | null {
  if (value === '' || value === null || value === undefined) return 'required';
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > TOPUP_MAX_YUAN) return 'range';
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return 'fen';
  return null;
}

function StateBadge({ state }: { state: unknown }) {
  const codeLabel = useCodeLabel();
  return (
    <Badge color={STATE_COLOR[Number(state)] ?? 'gray'} variant="light" data-testid="utility-state">
      {codeLabel(UTILITY_STATE_TABLE, state)}
    </Badge>
  );
}

/**
 * /elecCard and /waterCard: the rooms' prepaid accounts of one kind (filters, sort by balance,
 * export from the generic list), the account drawer with its daily consumption chart and ledger,
 * top-up through the payment interface (the pay page opens; the balance is credited when it is
 * paid), manual readings, and opening accounts for every room of a community at once.
 */
export function UtilityScreen({ kind, search, onSearchChange }: RouteScreenProps & { kind: Kind }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<Row | null>(null);
  const [topup, setTopup] = useState<Row | null>(null);
  const [reading, setReading] = useState<Row | null>(null);
  const [opening, setOpening] = useState(false);
  const canOpen = hasMark('utilityAccount:add') && getUser()?.kind !== 'visitor';
  const fixed = { ...search, filters: { ...search.filters, kind } };
  const elec = kind === UTILITY_KIND.electricity;

  return (
    <>
      <ResourceScreen
        def={utilityDef}
        search={fixed}
        onSearchChange={(next) => onSearchChange({ ...next, filters: { ...next.filters, kind } })}
        title={elec ? <Trans>电卡（预付费电费）</Trans> : <Trans>水卡（预付费水费）</Trans>}
        cells={{
          balance: (row) => (
            <Text
              size="sm"
              c={Number(row.state) === UTILITY_STATE.normal ? undefined : 'red'}
              fw={500}
              data-testid={`utility-balance-${row.id}`}
            >
              {Number(row.balance ?? 0).toFixed(2)}
            </Text>
          ),
          state: (row) => <StateBadge state={row.state} />,
        }}
        rowActions={[
          { id: 'account', title: t`账户详情`, run: (row) => setViewing(row) },
          { id: 'topup', title: t`充值`, color: 'teal', mark: 'utilityAccount:topup', run: (row) => setTopup(row) },
          { id: 'reading', title: t`抄表`, mark: 'utilityAccount:reading', run: (row) => setReading(row) },
        ]}
        toolbar={() =>
          canOpen ? (
            <Button variant="light" onClick={() => setOpening(true)} data-testid="utility-open-all">
              <Trans>批量开户</Trans>
            </Button>
          ) : null
        }
      />
      <AccountDrawer row={viewing} onClose={() => setViewing(null)} onTopup={(row) => setTopup(row)} />
      <TopupModal row={topup} onClose={() => setTopup(null)} />
      <ReadingModal
        row={reading}
        onClose={() => setReading(null)}
        onDone={() => {
          void invalidateResource(queryClient, utilityDef.name);
          void queryClient.invalidateQueries({ queryKey: ['utilityAccount'] });
        }}
      />
      <OpenAllModal
        kind={kind}
        opened={opening}
        onClose={() => setOpening(false)}
        onDone={() => void invalidateResource(queryClient, utilityDef.name)}
      />
    </>
  );
}

function AccountDrawer({
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

function TopupModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const [amount, setAmount] = useState<number | string>(100);
  const [method, setMethod] = useState<string>('sandbox');
  const [busy, setBusy] = useState(false);
  const problem = topupAmountError(amount);
  const error =
    problem === 'required'
      ? t`请输入充值金额`
      : problem === 'range'
        ? t`金额须大于0且不超过${TOPUP_MAX_YUAN}元`
        : problem === 'fen'
          ? t`金额最多两位小数`
          : null;
  const submit = async () => {
    if (!row || problem) return;
    setBusy(true);
    try {
      const answer = await request<TopupAnswer>(
        'user',
        'utilityAccount/topup',
        { accountId: row.id, amount: Number(amount), method },
        { showMessage: false },
      );
      if (answer.payUrl) {
        toast('info', t`正在打开支付页面`);
        window.location.assign(answer.payUrl);
      } else {
        toast('info', t`充值单 ${answer.orderNo} 已创建，请扫码支付`);
        onClose();
      }
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!row} onClose={onClose} title={<Trans>充值</Trans>} data-testid="utility-topup">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>表号</Trans>: {String(row?.meterNo ?? '')} · <Trans>当前余额</Trans>:{' '}
          {Number(row?.balance ?? 0).toFixed(2)} <Trans>元</Trans>
        </Text>
        <NumberInput
          label={t`充值金额(元)`}
          value={amount}
          onChange={setAmount}
          decimalScale={2}
          min={0.01}
          max={TOPUP_MAX_YUAN}
          error={error}
          data-testid="utility-topup-amount"
        />
        <Select
          label={t`支付方式`}
          value={method}
          onChange={(v) => setMethod(v ?? 'sandbox')}
          allowDeselect={false}
          data={[
            { value: 'sandbox', label: t`沙箱支付` },
            { value: 'wechat', label: t`微信支付` },
            { value: 'alipay', label: t`支付宝` },
            { value: 'paypal', label: 'PayPal' },
          ]}
          data-testid="utility-topup-method"
        />
        <ModalFooter
          onCancel={onClose}
          onClick={() => void submit()}
          loading={busy}
          disabled={!!problem}
          data-testid="utility-topup-submit"
        >
          <Trans>去支付</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

function ReadingModal({ row, onClose, onDone }: { row: Row | null; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const [value, setValue] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const last = row?.lastReading === null || row?.lastReading === undefined ? null : Number(row.lastReading);
  const error =
    value === ''
      ? null
      : Number(value) < 0
        ? t`读数不能为负`
        : last !== null && Number(value) < last
          ? t`读数不能小于上次读数 ${last}`
          : null;
  const submit = async () => {
    if (!row || value === '' || error) return;
    setBusy(true);
    try {
      await request(
        'user',
        'utilityAccount/reading',
        { accountId: row.id, reading: Number(value) },
        { showMessage: true },
      );
      setValue('');
      onDone();
      onClose();
    } catch {
      // The request helper showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!row} onClose={onClose} title={<Trans>手工抄表</Trans>} data-testid="utility-reading">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>表号</Trans>: {String(row?.meterNo ?? '')} · <Trans>上次读数</Trans>: {last ?? '-'}
        </Text>
        <NumberInput
          label={t`本次读数`}
          value={value}
          onChange={setValue}
          decimalScale={3}
          min={0}
          error={error}
          data-testid="utility-reading-value"
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void submit()}
            loading={busy}
            disabled={value === '' || !!error}
            data-testid="utility-reading-submit"
          >
            <Trans>提交</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function OpenAllModal({
  kind,
  opened,
  onClose,
  onDone,
}: {
  kind: Kind;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [communityId, setCommunityId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const communities = useQuery({
    queryKey: ['community', 'options'],
    queryFn: () => request<{ rows: { id: number; name: string }[] }>('user', 'community/list', { page: 1, size: 100 }),
    enabled: opened,
  });
  const submit = async () => {
    if (!communityId) return;
    setBusy(true);
    try {
      const answer = await request<{ opened: number; existing: number }>('user', 'utilityAccount/openAll', {
        communityId: Number(communityId),
        kind,
      });
      toast('success', t`已开通 ${answer.opened} 个账户，${answer.existing} 个房间已有账户`);
      onDone();
      onClose();
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={<Trans>批量开户</Trans>} data-testid="utility-open-all-modal">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>为所选社区中尚无账户的每个房间开通账户（自动生成表号，余额为0）。</Trans>
        </Text>
        <Select
          label={t`社区`}
          value={communityId}
          onChange={setCommunityId}
          data={(communities.data?.rows ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          data-testid="utility-open-all-community"
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void submit()}
            loading={busy}
            disabled={!communityId}
            data-testid="utility-open-all-submit"
          >
            <Trans>开户</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
