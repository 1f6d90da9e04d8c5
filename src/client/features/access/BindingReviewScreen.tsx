import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import residentDef, { BINDING } from '../../../entities/resident/resource';
import { serverMessage } from '../../i18n/serverMessages';
import { request, toast } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { ResourceScreen, type RowAction } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { refreshAccess } from './access.api';

const REVIEWABLE: readonly number[] = [BINDING.applyJoin, BINDING.inReview, BINDING.applyExit];
const MARK = 'resident:review';

interface ReviewResult {
  id: number;
  ok: boolean;
  key?: string;
}

/**
 * /bindingReview: residents bound to rooms (owner, family, tenant) and the applications to join or
 * leave. Approve or reject (with a reason) one row, or approve the selected rows with a result per
 * row; console bindings are added here too (assigned).
 */
export function BindingReviewScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [results, setResults] = useState<ReviewResult[] | null>(null);
  const approve = async (row: Row) => {
    try {
      await request('user', 'resident/approve', { id: row.id });
      toast('success', Number(row.reviewState) === BINDING.applyExit ? t`已同意退出，绑定已解除` : t`已通过`);
      await refreshAccess(queryClient);
    } catch {
      // The request helper showed why (no such state transition ...).
    }
  };
  const actions: RowAction[] = [
    {
      id: 'residentApprove',
      title: t`通过`,
      color: 'green',
      mark: MARK,
      visible: (row) => REVIEWABLE.includes(Number(row.reviewState)),
      run: (row) => void approve(row),
    },
    {
      id: 'residentReject',
      title: t`拒绝`,
      color: 'red',
      mark: MARK,
      visible: (row) => REVIEWABLE.includes(Number(row.reviewState)),
      run: (row) => setRejecting(row),
    },
  ];
  const batch = async (ids: number[]) => {
    try {
      const answer = await request<{ results: ReviewResult[] }>('user', 'resident/batchApprove', { ids });
      setResults(answer.results);
      await refreshAccess(queryClient);
    } catch {
      // Shown by the request helper.
    }
  };
  return (
    <Stack gap="sm">
      <ResourceScreen
        def={residentDef}
        {...props}
        title={<Trans>住户与绑定审核</Trans>}
        rowActions={actions}
        toolbar={(selected) =>
          hasMark(MARK) ? (
            <Button
              size="xs"
              variant="light"
              color="green"
              disabled={!selected.length}
              onClick={() => void batch(selected)}
              data-testid="resident-batch-approve"
            >
              <Trans>批量通过</Trans>
            </Button>
          ) : null
        }
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} onDone={() => void refreshAccess(queryClient)} />
      <Modal
        opened={results !== null}
        onClose={() => setResults(null)}
        title={t`批量审核结果`}
        data-testid="resident-batch-results"
      >
        <Table>
          <Table.Tbody>
            {(results ?? []).map((r) => (
              <Table.Tr key={r.id} data-testid="resident-batch-row">
                <Table.Td>#{r.id}</Table.Td>
                <Table.Td>
                  {r.ok ? (
                    <Badge color="green" variant="light">
                      <Trans>已通过</Trans>
                    </Badge>
                  ) : (
                    <Badge color="red" variant="light">
                      {serverMessage(r.key ?? 'failed', r.key ?? '')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}

function RejectModal({ row, onClose, onDone }: { row: Row | null; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!row) return;
    setBusy(true);
    try {
      await request('user', 'resident/reject', { id: row.id, reason: reason.trim() });
      toast('success', t`已拒绝`);
      setReason('');
      onClose();
      onDone();
    } catch {
      // Shown by the request helper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={t`拒绝 ${String(row?.name ?? '')}`}
      data-testid="resident-reject"
    >
      <Stack gap="sm">
        <Textarea
          label={t`原因`}
          required
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="resident-reject-reason"
        />
        <Text size="xs" c="dimmed">
          <Trans>申请加入被拒绝；申请退出被拒绝时住户保持已通过。</Trans>
        </Text>
        <Group justify="flex-end">
          <Button
            color="red"
            loading={busy}
            disabled={!reason.trim()}
            onClick={() => void submit()}
            data-testid="resident-reject-submit"
          >
            <Trans>拒绝</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
