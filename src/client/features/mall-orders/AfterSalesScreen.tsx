import { useState } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import afterSaleDef, {
  AFTER_SALE,
  AFTER_SALE_MARK_REVIEW,
  AFTER_SALE_TYPE,
} from '../../../entities/after-sale/resource';
import { request } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';

/**
 * /AfterSalesOrders: return / refund / exchange requests. A pending one is approved or rejected
 * with a comment (an approved refund pays back at once, asked first); an approved return or
 * exchange is marked received (goods back to stock; a return is then refunded); an exchange
 * received is completed. Other moves are refused by the service ('noSuchTransition').
 */
export function AfterSalesScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [reviewing, setReviewing] = useState<{ row: Row; pass: boolean } | null>(null);
  const [comment, setComment] = useState('');
  const done = async () => {
    setReviewing(null);
    setComment('');
    await invalidateResource(queryClient, afterSaleDef.name);
  };
  const review = useMutation({
    mutationFn: (b: { id: number; pass: boolean; comment?: string }) =>
      request('mall', 'afterSale/review', b, { showMessage: true }),
    onSuccess: done,
  });
  const act = useMutation({
    mutationFn: ({ path, id }: { path: string; id: number }) =>
      request('mall', `afterSale/${path}`, { id }, { showMessage: true }),
    onSuccess: done,
  });
  const goods = (row: Row) => row.type !== AFTER_SALE_TYPE.refund;

  return (
    <>
      <ResourceScreen
        def={afterSaleDef}
        {...props}
        title={<Trans>售后订单</Trans>}
        rowActions={[
          {
            id: 'approve',
            title: t`同意`,
            color: 'green',
            mark: AFTER_SALE_MARK_REVIEW,
            visible: (row) => row.status === AFTER_SALE.pending,
            run: (row) => setReviewing({ row, pass: true }),
          },
          {
            id: 'reject',
            title: t`拒绝`,
            color: 'red',
            mark: AFTER_SALE_MARK_REVIEW,
            visible: (row) => row.status === AFTER_SALE.pending,
            run: (row) => setReviewing({ row, pass: false }),
          },
          {
            id: 'receive',
            title: t`确认收到退货`,
            color: 'teal',
            mark: AFTER_SALE_MARK_REVIEW,
            visible: (row) => row.status === AFTER_SALE.approved && goods(row),
            run: (row) => act.mutate({ path: 'receive', id: row.id }),
          },
          {
            id: 'complete',
            title: t`换货完成`,
            color: 'teal',
            mark: AFTER_SALE_MARK_REVIEW,
            visible: (row) => row.status === AFTER_SALE.received && row.type === AFTER_SALE_TYPE.exchange,
            run: (row) => act.mutate({ path: 'complete', id: row.id }),
          },
          {
            id: 'refund',
            title: t`重试退款`,
            color: 'orange',
            mark: AFTER_SALE_MARK_REVIEW,
            visible: (row) => row.status === AFTER_SALE.approved && row.type === AFTER_SALE_TYPE.refund,
            run: (row) => act.mutate({ path: 'refund', id: row.id }),
          },
        ]}
      />
      <Modal
        opened={reviewing !== null}
        onClose={() => setReviewing(null)}
        title={reviewing?.pass ? <Trans>同意售后</Trans> : <Trans>拒绝售后</Trans>}
        data-testid="after-sale-review"
      >
        <Stack gap="sm">
          <Text size="sm">
            {String(reviewing?.row.serviceNo ?? '')} · {String(reviewing?.row.reason ?? '')}
          </Text>
          {reviewing?.pass && reviewing.row.type === AFTER_SALE_TYPE.refund && (
            <Text size="sm" c="orange">
              <Trans>同意后将通过原支付方式退款 ¥{Number(reviewing.row.amount ?? 0).toFixed(2)}。</Trans>
            </Text>
          )}
          <Textarea
            label={t`审核意见`}
            withAsterisk={!reviewing?.pass}
            minRows={2}
            maxLength={200}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            data-testid="after-sale-comment"
          />
          <ModalFooter
            onCancel={() => setReviewing(null)}
            color={reviewing?.pass ? 'green' : 'red'}
            disabled={!reviewing?.pass && !comment.trim()}
            loading={review.isPending}
            onClick={() =>
              reviewing &&
              review.mutate({
                id: reviewing.row.id,
                pass: reviewing.pass,
                ...(comment.trim() ? { comment: comment.trim() } : {}),
              })
            }
            data-testid="after-sale-submit"
          >
            <Trans>确定</Trans>
          </ModalFooter>
        </Stack>
      </Modal>
    </>
  );
}
