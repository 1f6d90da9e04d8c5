import { useState } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import adDef, { AD_MARK_REVIEW, AD_REVIEW } from '../../../entities/advertisement/resource';
import { request } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { adCells } from './AdManagementScreen';
import { ModalFooter } from '../../components/ModalFooter';

/**
 * /advertisingReview: ads by review state (0 pending, 1 passed, 2 failed, 3 delivered); a pending
 * one is passed, or failed with a reason the advertiser sees; a failed one is resubmitted after
 * its edit. Other moves are refused by the service ('noSuchTransition').
 */
export function AdReviewScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const review = useMutation({
    mutationFn: (body: { id: number; pass: boolean; reason?: string }) =>
      request('user', 'advertisement/review', body, { showMessage: true }),
    onSuccess: async () => {
      setRejecting(null);
      setReason('');
      await invalidateResource(queryClient, adDef.name);
    },
  });
  const resubmit = useMutation({
    mutationFn: (id: number) => request('user', 'advertisement/resubmit', { id }, { showMessage: true }),
    onSuccess: () => invalidateResource(queryClient, adDef.name),
  });
  const pending = (row: Row) => row.reviewState === AD_REVIEW.pending;

  return (
    <>
      <ResourceScreen
        def={adDef}
        {...props}
        canChange={false}
        cells={adCells}
        title={<Trans>广告审核</Trans>}
        rowActions={[
          {
            id: 'approve',
            title: t`通过`,
            color: 'green',
            mark: AD_MARK_REVIEW,
            visible: pending,
            run: (row) => review.mutate({ id: row.id, pass: true }),
          },
          {
            id: 'reject',
            title: t`驳回`,
            color: 'red',
            mark: AD_MARK_REVIEW,
            visible: pending,
            run: (row) => setRejecting(row),
          },
          {
            id: 'resubmit',
            title: t`重新提交`,
            color: 'teal',
            mark: 'advertisement:update',
            visible: (row) => row.reviewState === AD_REVIEW.failed,
            run: (row) => resubmit.mutate(row.id),
          },
        ]}
      />
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={<Trans>驳回广告</Trans>}
        data-testid="ad-reject"
      >
        <Stack gap="sm">
          <Text size="sm">{String(rejecting?.title ?? '')}</Text>
          <Textarea
            label={t`驳回原因`}
            withAsterisk
            minRows={2}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="ad-reject-reason"
          />
          <ModalFooter
            onCancel={() => setRejecting(null)}
            color="red"
            disabled={!reason.trim()}
            loading={review.isPending}
            onClick={() => rejecting && review.mutate({ id: rejecting.id, pass: false, reason: reason.trim() })}
            data-testid="ad-reject-submit"
          >
            <Trans>驳回</Trans>
          </ModalFooter>
        </Stack>
      </Modal>
    </>
  );
}
