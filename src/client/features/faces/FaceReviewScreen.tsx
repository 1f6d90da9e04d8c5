import { useState } from 'react';
import { Button, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import faceReviewDef, { FACE_REVIEW } from '../../../entities/face-review/resource';
import { isMsgKey } from '../../../shared/messages';
import { serverMessage } from '../../i18n/serverMessages';
import { request, toast } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';

/** The reason column: a face processing refusal is a message key, shown translated; a reviewer's reason as written. */
export function reasonText(reason: unknown): string {
  if (typeof reason !== 'string' || !reason) return '';
  return isMsgKey(reason) ? serverMessage(reason, reason) : reason;
}

const cells = {
  picture: (row: Row) => (
    <Image src={String(row.picture)} w={64} h={64} fit="cover" radius="sm" alt="" data-testid="review-picture" />
  ),
  reason: (row: Row) => (
    <Text size="sm" c={row.state === FACE_REVIEW.pending ? 'red' : undefined} data-testid="review-reason">
      {reasonText(row.reason)}
    </Text>
  ),
};

/**
 * /faceVerification: residents' faces awaiting review. 通过 runs the face through processing and
 * adds it to its library as a sample (a face that fails stays pending, and the message says why);
 * 驳回 asks for the reason in a dialog. Filters by state, resident and library come with the generic list.
 */
export function FaceReviewScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await invalidateResource(queryClient, faceReviewDef.name);
    await invalidateResource(queryClient, 'faceSample');
  };
  const approve = useMutation({
    mutationFn: (id: number) => request<{ warning: string | null }>('user', 'faceReview/approve', { id }),
    onSuccess: async (answer) => {
      toast(
        answer.warning ? 'tip' : 'success',
        answer.warning ? serverMessage(answer.warning, answer.warning) : t`已通过，已加入人脸库`,
      );
      await refresh();
    },
    onError: () => void refresh(),
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      request('user', 'faceReview/reject', { id, reason }),
    onSuccess: refresh,
  });
  const pending = (row: Row) => row.state === FACE_REVIEW.pending;
  const [rejecting, setRejecting] = useState<{
    id: number;
    reason: string;
  } | null>(null);
  return (
    <>
      <ResourceScreen
        def={faceReviewDef}
        {...props}
        cells={cells}
        title={<Trans>人脸审核</Trans>}
        rowActions={[
          {
            id: 'approve',
            title: t`通过`,
            color: 'green',
            mark: 'faceReview:review',
            visible: pending,
            run: (row) => approve.mutate(Number(row.id)),
          },
          {
            id: 'reject',
            title: t`驳回`,
            color: 'red',
            mark: 'faceReview:review',
            visible: pending,
            run: (row) =>
              setRejecting({
                id: Number(row.id),
                reason: reasonText(row.reason),
              }),
          },
        ]}
      />
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title={t`驳回人脸`}>
        <Stack>
          <TextInput
            label={t`驳回原因`}
            required
            maxLength={200}
            value={rejecting?.reason ?? ''}
            onChange={(e) => {
              const reason = e.currentTarget.value;
              setRejecting((r) => (r ? { ...r, reason } : r));
            }}
            data-testid="review-reject-reason"
          />
          <Group justify="flex-end">
            <Button
              color="red"
              disabled={!rejecting?.reason.trim()}
              loading={reject.isPending}
              onClick={() =>
                rejecting &&
                reject.mutate(
                  { id: rejecting.id, reason: rejecting.reason.trim() },
                  { onSuccess: () => setRejecting(null) },
                )
              }
              data-testid="review-reject-confirm"
            >
              <Trans>驳回</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
