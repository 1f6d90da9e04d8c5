import { useState } from 'react';
import {
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import paymentDef, {
  PAY_MARK_MANAGE,
  PAY_MARK_REFUND,
  PAY_METHOD_TABLE,
  PAY_STATUS_TABLE,
} from '../../../entities/payment/resource';
import { PAY_METHOD, PAY_STATUS, type PayMethodName } from '../../../shared/payments';
import { hasMark, useSession } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { useCodeLabel } from '../resources/display';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import {
  changePaymentMethod,
  closePayment,
  fenText,
  openPayPage,
  paymentEventsQuery,
  paymentMethodsQuery,
  paymentStatusQuery,
  PENDING_STATES,
  refundPayment,
  syncPayment,
  testPayment,
  type PaymentView,
} from './payments.api';
import { formatDateCell } from '../../components/DataTable/cells';
import { ModalFooter } from '../../components/ModalFooter';

const STATUS_COLOR: Record<number, string> = {
  [PAY_STATUS.failed]: 'red',
  [PAY_STATUS.unpaid]: 'gray',
  [PAY_STATUS.success]: 'green',
  [PAY_STATUS.closed]: 'gray',
  [PAY_STATUS.paying]: 'blue',
  [PAY_STATUS.refunding]: 'orange',
  [PAY_STATUS.refunded]: 'violet',
};

const dateText = (value: string | null | undefined) => (value ? formatDateCell(value) : '-');

/**
 * /map/paypal: with `?orderNo=` the payer's page of one payment (the providers bring the browser
 * back here): its state, asked again every 3 s while the provider may still move it, a "check
 * again" that queries the provider, and the way back to where the purchase started. Without it,
 * the payments list with refund, close, sync and the event log for the operators.
 */
export function PaymentScreen(props: RouteScreenProps) {
  const orderNo = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).orderNo });
  return typeof orderNo === 'string' && orderNo ? <PaymentStatus orderNo={orderNo} /> : <PaymentList {...props} />;
}

function PaymentStatus({ orderNo }: { orderNo: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const status = useQuery(paymentStatusQuery(orderNo));
  const sync = useMutation({
    mutationFn: () => syncPayment(orderNo),
    onSuccess: (data) => queryClient.setQueryData(paymentStatusQuery(orderNo).queryKey, data),
  });
  const p = status.data;
  if (status.isPending) return <Loader m="xl" />;
  if (!p) {
    return (
      <Paper p="lg" maw={520} mx="auto" withBorder>
        <Text c="red" data-testid="payment-missing">
          <Trans>未找到这笔支付</Trans>
        </Text>
        <Button
          mt="md"
          variant="default"
          onClick={() => void router.navigate({ to: '/map/$page', params: { page: 'paypal' }, search: {} })}
        >
          <Trans>支付记录</Trans>
        </Button>
      </Paper>
    );
  }
  const pending = PENDING_STATES.includes(p.status);
  return (
    <Paper p="lg" maw={520} mx="auto" withBorder data-testid="payment-status">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={3}>{p.status === PAY_STATUS.success ? <Trans>支付成功</Trans> : <Trans>支付结果</Trans>}</Title>
          <Badge size="lg" color={STATUS_COLOR[p.status] ?? 'gray'} data-testid="payment-state" data-state={p.status}>
            {codeLabel(PAY_STATUS_TABLE, p.status)}
          </Badge>
        </Group>
        <Text fz={32} fw={600} data-testid="payment-amount">
          {fenText(p.amountFen)}
        </Text>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td c="dimmed" w={120}>
                <Trans>商品</Trans>
              </Table.Td>
              <Table.Td data-testid="payment-subject">{p.subject}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">
                <Trans>支付单号</Trans>
              </Table.Td>
              <Table.Td>{p.orderNo}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">
                <Trans>支付方式</Trans>
              </Table.Td>
              <Table.Td>{codeLabel(PAY_METHOD_TABLE, PAY_METHOD[p.method])}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">
                <Trans>支付时间</Trans>
              </Table.Td>
              <Table.Td>{dateText(p.paidAt)}</Table.Td>
            </Table.Tr>
            {p.refundedFen > 0 && (
              <Table.Tr>
                <Table.Td c="dimmed">
                  <Trans>已退款</Trans>
                </Table.Td>
                <Table.Td>{fenText(p.refundedFen)}</Table.Td>
              </Table.Tr>
            )}
            {pending && (
              <Table.Tr>
                <Table.Td c="dimmed">
                  <Trans>过期时间</Trans>
                </Table.Td>
                <Table.Td>{dateText(p.expiresAt)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {pending && (
          <Text size="sm" c="dimmed">
            <Trans>正在等待支付平台的结果，本页会自动刷新。</Trans>
          </Text>
        )}
        {p.status === PAY_STATUS.success && !p.fulfilledAt && (
          <Text size="sm" c="orange">
            <Trans>已收到付款，业务正在处理中。</Trans>
          </Text>
        )}
        {p.status === PAY_STATUS.unpaid && <ChangeMethod payment={p} />}
        <Group>
          <Button variant="light" loading={sync.isPending} onClick={() => sync.mutate()} data-testid="payment-sync">
            <Trans>再次查询</Trans>
          </Button>
          <Button onClick={() => router.history.push(p.returnPath || '/map/paypal')} data-testid="payment-back">
            {p.returnPath ? t`返回业务页面` : t`支付记录`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const rowCells = {
  amount: (row: Row) => <Text size="sm">¥{Number(row.amount ?? 0).toFixed(2)}</Text>,
  refunded: (row: Row) => <Text size="sm">{Number(row.refunded) ? `¥${Number(row.refunded).toFixed(2)}` : '-'}</Text>,
};

const isOpen = (row: Row) => row.status === PAY_STATUS.unpaid || row.status === PAY_STATUS.paying;
/**
 * An unpaid order paid another way (the payer chose WeChat after all): the methods this service
 * takes, the order's own first; the same method again is answered "payment method not changed".
 * The new checkout's pay page opens at once.
 */
function ChangeMethod({ payment }: { payment: PaymentView }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const methods = useQuery(paymentMethodsQuery());
  const [method, setMethod] = useState<PayMethodName>(payment.method);
  const change = useMutation({
    mutationFn: () => changePaymentMethod(payment.orderNo, method),
    onSuccess: (data) => {
      queryClient.setQueryData(paymentStatusQuery(payment.orderNo).queryKey, data.payment);
      openPayPage(data.checkout.payUrl);
    },
  });
  const options = [...new Set([payment.method, ...(methods.data ?? [])])].map((m) => ({
    value: m,
    label: codeLabel(PAY_METHOD_TABLE, PAY_METHOD[m]),
  }));
  return (
    <Group align="flex-end" data-testid="payment-change">
      <Select
        label={t`换一种方式支付`}
        data={options}
        value={method}
        onChange={(v) => v && setMethod(v as PayMethodName)}
        allowDeselect={false}
        w={200}
        data-testid="payment-change-method"
      />
      <Button
        variant="default"
        loading={change.isPending}
        onClick={() => change.mutate()}
        data-testid="payment-change-ok"
      >
        <Trans>去支付</Trans>
      </Button>
    </Group>
  );
}

const refundable = (row: Row) =>
  row.status === PAY_STATUS.success && Number(row.refunded ?? 0) < Number(row.amount ?? 0);

function PaymentList(props: RouteScreenProps) {
  const { t } = useLingui();
  useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<Row | null>(null);
  const [closing, setClosing] = useState<Row | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const refresh = () => invalidateResource(queryClient, paymentDef.name);
  const close = useMutation({
    mutationFn: (orderNo: string) => closePayment(orderNo),
    onSettled: async () => {
      setClosing(null);
      await refresh();
    },
  });
  const sync = useMutation({ mutationFn: (orderNo: string) => syncPayment(orderNo), onSettled: refresh });
  const test = useMutation({
    mutationFn: (amount: number) => testPayment(amount),
    onSuccess: (res) => {
      setTesting(false);
      if (res.checkout.payUrl) window.location.assign(res.checkout.payUrl);
    },
  });
  const view = (row: Row) =>
    void router.navigate({
      to: '/map/$page',
      params: { page: 'paypal' },
      search: { orderNo: String(row.orderNo) } as never,
    });
  return (
    <>
      <ResourceScreen
        def={paymentDef}
        {...props}
        title={<Trans>支付记录</Trans>}
        cells={rowCells}
        toolbar={() =>
          hasMark(PAY_MARK_MANAGE) ? (
            <Button variant="light" onClick={() => setTesting(true)} data-testid="payment-test">
              <Trans>测试支付</Trans>
            </Button>
          ) : null
        }
        rowActions={[
          { id: 'view', title: t`查看`, run: view },
          {
            id: 'sync',
            title: t`同步`,
            visible: (row) => isOpen(row) || row.status === PAY_STATUS.refunding,
            run: (row) => sync.mutate(String(row.orderNo)),
          },
          {
            id: 'refund',
            title: t`退款`,
            color: 'red',
            mark: PAY_MARK_REFUND,
            visible: refundable,
            run: (row) => setRefunding(row),
          },
          {
            id: 'close',
            title: t`关闭`,
            color: 'orange',
            mark: PAY_MARK_MANAGE,
            visible: isOpen,
            run: (row) => setClosing(row),
          },
          { id: 'events', title: t`日志`, mark: PAY_MARK_MANAGE, run: (row) => setLogOf(String(row.orderNo)) },
        ]}
      />
      {refunding && <RefundModal row={refunding} onClose={() => setRefunding(null)} onDone={refresh} />}
      <Modal opened={closing !== null} onClose={() => setClosing(null)} title={t`关闭支付单`}>
        <Stack gap="sm">
          <Text size="sm">
            <Trans>关闭后付款人将无法再支付这笔订单。确定关闭？</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            {String(closing?.orderNo ?? '')} · {String(closing?.subject ?? '')}
          </Text>
          <ModalFooter
            onCancel={() => setClosing(null)}
            color="red"
            loading={close.isPending}
            onClick={() => closing && close.mutate(String(closing.orderNo))}
            data-testid="payment-close-ok"
          >
            <Trans>确定</Trans>
          </ModalFooter>
        </Stack>
      </Modal>
      <TestPayModal
        opened={testing}
        busy={test.isPending}
        onClose={() => setTesting(false)}
        onConfirm={(amount) => test.mutate(amount)}
      />
      <Drawer opened={logOf !== null} onClose={() => setLogOf(null)} position="right" size="xl" title={t`支付日志`}>
        {logOf && <EventLog orderNo={logOf} />}
      </Drawer>
    </>
  );
}

function RefundModal({ row, onClose, onDone }: { row: Row; onClose(): void; onDone(): Promise<void> }) {
  const { t } = useLingui();
  const left = Math.round((Number(row.amount ?? 0) - Number(row.refunded ?? 0)) * 100) / 100;
  const [amount, setAmount] = useState<number | string>(left);
  const [reason, setReason] = useState('');
  const refund = useMutation({
    mutationFn: () => refundPayment(String(row.orderNo), Number(amount), reason.trim() || undefined),
    onSuccess: onClose,
    onSettled: onDone,
  });
  const bad = !(Number(amount) > 0 && Number(amount) <= left);
  return (
    <Modal opened onClose={onClose} title={t`退款`} data-testid="payment-refund">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>退款将原路退回付款人，且不可撤销。</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          {String(row.orderNo)} · {String(row.subject ?? '')} · <Trans>可退 ¥{left.toFixed(2)}</Trans>
        </Text>
        <NumberInput
          label={t`退款金额(元)`}
          min={0.01}
          max={left}
          decimalScale={2}
          value={amount}
          onChange={setAmount}
          error={bad ? t`须大于0且不超过可退金额` : undefined}
          data-testid="payment-refund-amount"
        />
        <Textarea label={t`原因`} maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <ModalFooter
          onCancel={onClose}
          color="red"
          disabled={bad}
          loading={refund.isPending}
          onClick={() => refund.mutate()}
          data-testid="payment-refund-ok"
        >
          <Trans>确定退款</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

function TestPayModal({
  opened,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  onClose(): void;
  onConfirm(amount: number): void;
}) {
  const { t } = useLingui();
  const [amount, setAmount] = useState<number | string>(0.01);
  const bad = !(Number(amount) > 0 && Number(amount) <= 1_000_000);
  return (
    <Modal opened={opened} onClose={onClose} title={t`测试支付`}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>创建一笔测试订单并打开沙箱支付页，用来检查支付、回调和对账是否正常。</Trans>
        </Text>
        <NumberInput
          label={t`金额(元)`}
          min={0.01}
          decimalScale={2}
          value={amount}
          onChange={setAmount}
          error={bad ? t`金额须大于0且不超过100万元` : undefined}
          data-testid="payment-test-amount"
        />
        <ModalFooter
          onCancel={onClose}
          disabled={bad}
          loading={busy}
          onClick={() => onConfirm(Number(amount))}
          data-testid="payment-test-ok"
        >
          <Trans>去支付</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

function EventLog({ orderNo }: { orderNo: string }) {
  const events = useQuery(paymentEventsQuery(orderNo));
  if (events.isPending) return <Loader />;
  return (
    <Stack gap="xs" data-testid="payment-events">
      <Text size="sm" c="dimmed">
        {orderNo}
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>时间</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>类型</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>验签</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>结果</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(events.data ?? []).map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{dateText(e.at)}</Table.Td>
              <Table.Td>
                {e.kind}
                {e.method ? ` · ${e.method}` : ''}
              </Table.Td>
              <Table.Td>{e.verified ? '✓' : '✗'}</Table.Td>
              <Table.Td>
                <Text size="sm">{e.result}</Text>
                {e.payload !== null && e.payload !== undefined && (
                  <Code block fz={11} mah={160} style={{ overflow: 'auto' }}>
                    {JSON.stringify(e.payload, null, 1)}
                  </Code>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export type { PaymentView };
