import { useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAY_METHOD_TABLE, PAY_STATUS_TABLE } from '../../../entities/payment/resource';
import { PAY_METHOD, PAY_STATUS, type PayMethodName } from '../../../shared/payments';
import { useCodeLabel } from '../resources/display';
import {
  changePaymentMethod,
  dateText,
  fenText,
  openPayPage,
  paymentMethodsQuery,
  paymentStatusQuery,
  PENDING_STATES,
  syncPayment,
  type PaymentView,
} from './payments.api';

const STATUS_COLOR: Record<number, string> = {
  [PAY_STATUS.failed]: 'red',
  [PAY_STATUS.unpaid]: 'gray',
  [PAY_STATUS.success]: 'green',
  [PAY_STATUS.closed]: 'gray',
  [PAY_STATUS.paying]: 'blue',
  [PAY_STATUS.refunding]: 'orange',
  [PAY_STATUS.refunded]: 'violet',
};

/**
 * The payer's page of one payment (the providers bring the browser back here): its state, asked
 * again every 3 s while the provider may still move it, a "check again" that queries the provider,
 * and the way back to where the purchase started.
 */
export function PayerPage({ orderNo }: { orderNo: string }) {
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
