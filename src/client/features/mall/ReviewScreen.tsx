import { useState } from 'react';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import reviewDef, { REVIEW_MARK_REVIEW, REVIEW_STATE } from '../../../entities/product-review/resource';
import { request } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';

/**
 * /ProductReviews: a pending review is approved (shown in the storefront) or rejected; an approved
 * one is hidden and shown again; a rejected one may still be approved; the shop replies. Moves the
 * machine refuses answer 'noSuchTransition'.
 */
export function ReviewScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState<Row | null>(null);
  const [text, setText] = useState('');
  const done = () => invalidateResource(queryClient, reviewDef.name);
  const move = useMutation({
    mutationFn: (body: { ids: number[]; state: number }) =>
      request('mall', 'productReview/review', body, { showMessage: true }),
    onSuccess: done,
  });
  const reply = useMutation({
    mutationFn: (body: { id: number; reply: string }) =>
      request('mall', 'productReview/reply', body, { showMessage: true }),
    onSuccess: async () => {
      setReplying(null);
      await done();
    },
  });
  const is =
    (...states: number[]) =>
    (row: Row) =>
      states.includes(Number(row.state));
  const to = (state: number) => (row: Row) => move.mutate({ ids: [row.id], state });
  return (
    <>
      <ResourceScreen
        def={reviewDef}
        {...props}
        title={<Trans>商品评价</Trans>}
        rowActions={[
          {
            id: 'approve',
            title: t`通过`,
            color: 'green',
            mark: REVIEW_MARK_REVIEW,
            visible: is(REVIEW_STATE.pending, REVIEW_STATE.rejected, REVIEW_STATE.hidden),
            run: to(REVIEW_STATE.approved),
          },
          {
            id: 'reject',
            title: t`驳回`,
            color: 'red',
            mark: REVIEW_MARK_REVIEW,
            visible: is(REVIEW_STATE.pending),
            run: to(REVIEW_STATE.rejected),
          },
          {
            id: 'hide',
            title: t`隐藏`,
            color: 'gray',
            mark: REVIEW_MARK_REVIEW,
            visible: is(REVIEW_STATE.approved),
            run: to(REVIEW_STATE.hidden),
          },
          {
            id: 'reply',
            title: t`回复`,
            color: 'blue',
            mark: REVIEW_MARK_REVIEW,
            run: (row) => {
              setText(String(row.reply ?? ''));
              setReplying(row);
            },
          },
        ]}
      />
      <Modal opened={replying !== null} onClose={() => setReplying(null)} title={<Trans>回复评价</Trans>}>
        <Stack gap="sm">
          <Textarea
            label={t`回复内容`}
            withAsterisk
            minRows={3}
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="review-reply"
          />
          <ModalFooter
            onCancel={() => setReplying(null)}
            disabled={!text.trim()}
            loading={reply.isPending}
            onClick={() => replying && reply.mutate({ id: replying.id, reply: text.trim() })}
            data-testid="review-reply-submit"
          >
            <Trans>回复</Trans>
          </ModalFooter>
        </Stack>
      </Modal>
    </>
  );
}
