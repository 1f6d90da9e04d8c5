import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, TextInput, Timeline } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import orderDef, {
  MALL_ORDER,
  MALL_ORDER_MARK_CANCEL,
  MALL_ORDER_MARK_SHIP,
} from '../../../entities/mall-order/resource';
import { request } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { fenYuan } from './mallOrders.api';
import { ModalFooter } from '../../components/ModalFooter';
import { formatDateCell } from '../../lib/dates';

interface Detail {
  order: Row;
  items: {
    id: number;
    name: string;
    specs: Record<string, string>;
    priceFen: number;
    qty: number;
    returnedQty: number;
  }[];
  timeline: { at: string; event: string; note?: string }[];
}

/**
 * /orderManagement: the mall's orders (filters, sort, export from the generic list) with their
 * detail (items and timeline), shipping (carrier and tracking number required) and cancelling
 * (an unpaid one returns its stock; a paid one is refunded in full through the payment, asked first).
 */
export function OrderManagementScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [shipping, setShipping] = useState<Row | null>(null);
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [showing, setShowing] = useState<Row | null>(null);
  const done = async () => {
    setShipping(null);
    setCancelling(null);
    await invalidateResource(queryClient, orderDef.name);
  };
  const ship = useMutation({
    mutationFn: (row: Row) =>
      request(
        'mall',
        'order/ship',
        { id: row.id, carrier: carrier.trim(), trackingNo: trackingNo.trim() },
        { showMessage: true },
      ),
    onSuccess: done,
  });
  const cancel = useMutation({
    mutationFn: (row: Row) => request('mall', 'order/cancel', { id: row.id }, { showMessage: true }),
    onSuccess: done,
  });
  const complete = useMutation({
    mutationFn: (row: Row) => request('mall', 'order/complete', { id: row.id }, { showMessage: true }),
    onSuccess: done,
  });
  const detail = useQuery({
    queryKey: ['mall', 'orderDetail', showing?.id],
    queryFn: () => request<Detail>('mall', 'order/detail', { id: showing!.id }),
    enabled: !!showing,
  });
  const events: Record<string, string> = {
    placed: t`下单`,
    paid: t`付款`,
    shipped: t`发货`,
    completed: t`完成`,
    cancelled: t`取消`,
    refunded: t`退款`,
    afterSale: t`售后申请`,
  };
  const trackingOk = /^[A-Za-z0-9-]{6,40}$/.test(trackingNo.trim());

  return (
    <>
      <ResourceScreen
        def={orderDef}
        {...props}
        title={<Trans>订单管理</Trans>}
        rowActions={[
          { id: 'detail', title: t`详情`, color: 'blue', run: (row) => setShowing(row) },
          {
            id: 'ship',
            title: t`发货`,
            color: 'green',
            mark: MALL_ORDER_MARK_SHIP,
            visible: (row) => row.status === MALL_ORDER.paid,
            run: (row) => {
              setCarrier('');
              setTrackingNo('');
              setShipping(row);
            },
          },
          {
            id: 'complete',
            title: t`确认收货`,
            color: 'teal',
            mark: MALL_ORDER_MARK_SHIP,
            visible: (row) => row.status === MALL_ORDER.shipped,
            run: (row) => complete.mutate(row),
          },
          {
            id: 'cancel',
            title: t`取消订单`,
            color: 'red',
            mark: MALL_ORDER_MARK_CANCEL,
            visible: (row) => row.status === MALL_ORDER.unpaid || row.status === MALL_ORDER.paid,
            run: (row) => setCancelling(row),
          },
        ]}
      />
      <Modal
        opened={shipping !== null}
        onClose={() => setShipping(null)}
        title={<Trans>发货</Trans>}
        data-testid="order-ship"
      >
        <Stack gap="sm">
          <Text size="sm">{String(shipping?.orderNo ?? '')}</Text>
          <TextInput
            label={t`快递公司`}
            withAsterisk
            maxLength={30}
            value={carrier}
            onChange={(e) => setCarrier(e.currentTarget.value)}
            data-testid="order-ship-carrier"
          />
          <TextInput
            label={t`快递单号`}
            withAsterisk
            maxLength={40}
            value={trackingNo}
            onChange={(e) => setTrackingNo(e.currentTarget.value)}
            error={trackingNo && !trackingOk ? t`快递单号为6-40位字母、数字或-` : undefined}
            data-testid="order-ship-tracking"
          />
          <ModalFooter
            onCancel={() => setShipping(null)}
            disabled={!carrier.trim() || !trackingOk}
            loading={ship.isPending}
            onClick={() => shipping && ship.mutate(shipping)}
            data-testid="order-ship-submit"
          >
            <Trans>确认发货</Trans>
          </ModalFooter>
        </Stack>
      </Modal>
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={<Trans>取消订单</Trans>}
        data-testid="order-cancel"
      >
        <Stack gap="sm">
          <Text size="sm">
            {cancelling?.status === MALL_ORDER.paid ? (
              <Trans>
                订单 {String(cancelling?.orderNo ?? '')} 已付款，取消将原路退回全部款项 ¥
                {Number(cancelling?.total ?? 0).toFixed(2)} 并恢复库存。确定取消？
              </Trans>
            ) : (
              <Trans>确定取消订单 {String(cancelling?.orderNo ?? '')}？库存将恢复。</Trans>
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              <Trans>返回</Trans>
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancelling && cancel.mutate(cancelling)}
              data-testid="order-cancel-submit"
            >
              <Trans>确定取消</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={showing !== null}
        onClose={() => setShowing(null)}
        title={<Trans>订单详情</Trans>}
        size="lg"
        data-testid="order-detail"
      >
        {detail.data && (
          <Stack gap="sm">
            <Text size="sm">
              {String(detail.data.order.orderNo)} · {String(detail.data.order.buyerName)}{' '}
              {String(detail.data.order.phone)} · {String(detail.data.order.regionCode)}{' '}
              {String(detail.data.order.address)}
            </Text>
            <Table withTableBorder>
              <Table.Tbody>
                {detail.data.items.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>
                      {i.name}{' '}
                      <Text span size="xs" c="dimmed">
                        {Object.values(i.specs).join(' / ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{fenYuan(i.priceFen)}</Table.Td>
                    <Table.Td>x{i.qty}</Table.Td>
                    <Table.Td>{fenYuan(i.priceFen * i.qty)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm">
              <Trans>运费</Trans> {fenYuan(Number(detail.data.order.freightFen))} · <Trans>实付</Trans>{' '}
              {fenYuan(Number(detail.data.order.totalFen))} · <Trans>已退款</Trans>{' '}
              {fenYuan(Number(detail.data.order.refundedFen))}
            </Text>
            <Timeline active={detail.data.timeline.length - 1} bulletSize={14} data-testid="order-timeline">
              {detail.data.timeline.map((e, i) => (
                <Timeline.Item key={i} title={events[e.event] ?? e.event}>
                  <Text size="xs" c="dimmed">
                    {formatDateCell(e.at)} {e.note ?? ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        )}
      </Modal>
    </>
  );
}
