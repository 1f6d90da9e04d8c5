import { useState } from 'react';
import { Button, Code, Drawer, Loader, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import paymentDef, { PAY_MARK_MANAGE, PAY_MARK_REFUND } from '../../../entities/payment/resource';
import { PAY_STATUS } from '../../../shared/payments';
import { hasMark, useSession } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import {
  closePayment,
  dateText,
  paymentEventsQuery,
  refundPayment,
  syncPayment,
  testPayment,
  type PaymentEvent,
} from './payments.api';
import { DataTable, type Column } from '../../components/DataTable';
import { ModalFooter } from '../../components/ModalFooter';

const rowCells = {
  amount: (row: Row) => <Text size="sm">¥{Number(row.amount ?? 0).toFixed(2)}</Text>,
  refunded: (row: Row) => <Text size="sm">{Number(row.refunded) ? `¥${Number(row.refunded).toFixed(2)}` : '-'}</Text>,
};

const isOpen = (row: Row) => row.status === PAY_STATUS.unpaid || row.status === PAY_STATUS.paying;

const refundable = (row: Row) =>
  row.status === PAY_STATUS.success && Number(row.refunded ?? 0) < Number(row.amount ?? 0);

/** The operators' payments list: refund, close, sync, a test payment and each order's event log. */
export function PaymentsScreen(props: RouteScreenProps) {
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
  const columns: Column<PaymentEvent>[] = [
    { id: 'at', name: 'at', title: <Trans>时间</Trans>, width: 160, render: (e) => dateText(e.at) },
    {
      id: 'kind',
      name: 'kind',
      title: <Trans>类型</Trans>,
      width: 140,
      render: (e) => (
        <>
          {e.kind}
          {e.method ? ` · ${e.method}` : ''}
        </>
      ),
    },
    {
      id: 'verified',
      name: 'verified',
      title: <Trans>验签</Trans>,
      width: 60,
      render: (e) => (e.verified ? '✓' : '✗'),
    },
    {
      id: 'result',
      name: 'result',
      title: <Trans>结果</Trans>,
      width: 320,
      wrap: true,
      render: (e) => (
        <>
          <Text size="sm">{e.result}</Text>
          {e.payload !== null && e.payload !== undefined && (
            <Code block fz={11} mah={160} style={{ overflow: 'auto' }}>
              {JSON.stringify(e.payload, null, 1)}
            </Code>
          )}
        </>
      ),
    },
  ];
  return (
    <Stack gap="xs" data-testid="payment-events">
      <Text size="sm" c="dimmed">
        {orderNo}
      </Text>
      <DataTable<PaymentEvent> columns={columns} rows={events.data ?? []} compact testId="payment-event-table" />
    </Stack>
  );
}
