import { useState } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import billDef, { BILL_MARK_REFUND } from '../../../entities/bill/resource';
import { ORDER_STATUS } from '../../../shared/payments';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { cancelBill, payBill, refundBill, yuan } from './billing.api';
import { openPayPage } from '../payments/payments.api';
import { ModalFooter } from '../../components/ModalFooter';

export const billCells = {
  amount: (row: Row) => <Text size="sm">{yuan(row.amount)}</Text>,
  refunded: (row: Row) => <Text size="sm">{Number(row.refunded) ? yuan(row.refunded) : '-'}</Text>,
};

const unpaid = (row: Row) => row.status === ORDER_STATUS.unpaid;
const refundable = (row: Row) => row.status === ORDER_STATUS.paid && Number(row.refunded) < Number(row.amount);

/** Asks before a refund or a cancel, with an optional reason. */
function ConfirmModal({
  row,
  title,
  text,
  withReason,
  busy,
  onClose,
  onConfirm,
}: {
  row: Row | null;
  title: string;
  text: string;
  withReason?: boolean;
  busy: boolean;
  onClose(): void;
  onConfirm(reason: string): void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  return (
    <Modal opened={row !== null} onClose={onClose} title={title} data-testid="bill-confirm">
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Text size="sm" c="dimmed">
          {String(row?.orderNo ?? '')} · {String(row?.packageName ?? '')} · {yuan(row?.amount)}
        </Text>
        {withReason && (
          <Textarea
            label={t`原因`}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="bill-confirm-reason"
          />
        )}
        <ModalFooter
          onCancel={onClose}
          color="red"
          loading={busy}
          onClick={() => onConfirm(reason.trim())}
          data-testid="bill-confirm-ok"
        >
          <Trans>确定</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

/** /Bill: every bill of the company (every company's for the platform), filters, export; a paid bill is refunded through its payment after a confirmation. */
export function BillScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<Row | null>(null);
  const refund = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => refundBill(id, reason || undefined),
    onSettled: async () => {
      setRefunding(null);
      await invalidateResource(queryClient, billDef.name);
    },
  });
  return (
    <>
      <ResourceScreen
        def={billDef}
        {...props}
        cells={billCells}
        title={<Trans>账单管理</Trans>}
        rowActions={[
          {
            id: 'refund',
            title: t`退款`,
            color: 'red',
            mark: BILL_MARK_REFUND,
            visible: refundable,
            run: (row) => setRefunding(row),
          },
        ]}
      />
      <ConfirmModal
        row={refunding}
        title={t`退款`}
        text={t`确定将此账单全额退款？退款后该账单不再计入收入。`}
        withReason
        busy={refund.isPending}
        onClose={() => setRefunding(null)}
        onConfirm={(reason) => refunding && refund.mutate({ id: refunding.id, reason })}
      />
    </>
  );
}

/** /bilList: the company's purchases; an unpaid bill is paid now (its payment page) or cancelled after a confirmation. */
export function BillListScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const cancel = useMutation({
    mutationFn: (id: number) => cancelBill(id),
    onSettled: async () => {
      setCancelling(null);
      await invalidateResource(queryClient, billDef.name);
    },
  });
  const pay = async (row: Row) => {
    try {
      openPayPage((await payBill(row.id)).payUrl);
    } catch {
      // shown by the request helper
    }
  };
  return (
    <>
      <ResourceScreen
        def={billDef}
        {...props}
        cells={billCells}
        title={<Trans>账单列表</Trans>}
        rowActions={[
          { id: 'pay', title: t`去支付`, color: 'green', visible: unpaid, run: (row) => void pay(row) },
          { id: 'cancel', title: t`取消订单`, color: 'red', visible: unpaid, run: (row) => setCancelling(row) },
        ]}
      />
      <ConfirmModal
        row={cancelling}
        title={t`取消订单`}
        text={t`确定取消这个未支付的订单？`}
        busy={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
      />
    </>
  );
}
