import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import approvalDef from '../../../entities/approval/resource';
import approvalNodeDef from '../../../entities/approval-node/resource';
import { APPROVAL_COMMENT_MAX, APPROVAL_KIND_TABLE, APPROVAL_STATE } from '../../../shared/approvals';
import { DataTable, type Column } from '../../components/DataTable';
import { request, toast } from '../../lib/request';
import { useSession } from '../../lib/session';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import type { RouteScreenProps } from '../screens/types';
import { ApprovalDetailDrawer } from './ApprovalDetail';
import { SubmitRequestDialog } from './SubmitRequestDialog';
import { ModalFooter } from '../../components/ModalFooter';
import { confirmDanger } from '../../components/ConfirmDanger';

export interface InboxRow {
  id: number;
  kind: string;
  title: string;
  level: number;
  levelCount: number;
  applicantName: string | null;
  nodeName: string | null;
  createdAt: string;
}

export const inboxQuery = {
  queryKey: ['approval', 'inbox'] as const,
  queryFn: () => request<InboxRow[]>('user', 'approval/inbox/list', {}, { background: true }),
};

type Decision = { row: InboxRow; result: 'approve' | 'reject' };

/** After a decision, a submission or a withdrawal: the inbox and the records refetch. */
const refreshApprovals = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['approval'] }),
    invalidateResource(queryClient, approvalDef.name),
  ]);

/** 待我审批: the requests whose current level names me, with approve / reject and a comment. */
export function ApprovalInbox({ onDetail }: { onDetail: (id: number) => void }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQuery);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const open = (row: InboxRow, result: Decision['result']) => {
    setComment('');
    setDeciding({ row, result });
  };

  const decide = async () => {
    if (!deciding) return;
    setBusy(true);
    try {
      await request(
        'user',
        `approval/${deciding.result}`,
        { id: deciding.row.id, comment: comment.trim() || null },
        { quiet: true },
      );
      toast('success', deciding.result === 'approve' ? t`已同意` : t`已驳回`);
      setDeciding(null);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
      await refreshApprovals(queryClient);
    }
  };

  const columns: Column<InboxRow>[] = [
    { id: 'title', name: 'title', title: <Trans>审批事项</Trans>, width: 200, sortable: true },
    {
      id: 'kind',
      name: 'kind',
      title: <Trans>类型</Trans>,
      width: 110,
      sortable: true,
      render: (row) => <Badge variant="light">{codeLabel(APPROVAL_KIND_TABLE, row.kind)}</Badge>,
    },
    { id: 'applicant', name: 'applicantName', title: <Trans>申请人</Trans>, width: 110, sortable: true },
    { id: 'node', name: 'nodeName', title: <Trans>审批节点</Trans>, width: 120, sortable: true },
    {
      id: 'level',
      name: 'level',
      title: <Trans>级别</Trans>,
      width: 80,
      render: (row) => `${row.level} / ${row.levelCount}`,
    },
    { id: 'createdAt', name: 'createdAt', title: <Trans>提交时间</Trans>, width: 170, type: 'date', sortable: true },
    {
      id: 'ops',
      name: 'ops',
      title: <Trans>操作</Trans>,
      width: 200,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Button size="compact-xs" color="teal" onClick={() => open(row, 'approve')} data-testid={`approve-${row.id}`}>
            <Trans>同意</Trans>
          </Button>
          <Button
            size="compact-xs"
            color="red"
            variant="light"
            onClick={() => open(row, 'reject')}
            data-testid={`reject-${row.id}`}
          >
            <Trans>驳回</Trans>
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => onDetail(row.id)} data-testid={`detail-${row.id}`}>
            <Trans>进度</Trans>
          </Button>
        </Group>
      ),
    },
  ];

  const rows = inbox.data ?? [];
  return (
    <>
      {rows.length === 0 ? (
        <Text c="dimmed" py="md" data-testid="inbox-empty">
          {inbox.isLoading ? <Trans>加载中…</Trans> : <Trans>暂无待我审批的事项</Trans>}
        </Text>
      ) : (
        <DataTable<InboxRow>
          columns={columns}
          rows={rows}
          client={{}}
          testId="approval-inbox"
          rowOptions={(row) => ({ attrs: { 'data-testid': `inbox-row-${row.id}` } })}
        />
      )}
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding?.result === 'reject' ? t`驳回` : t`同意`}
      >
        <Stack>
          <Text size="sm">{deciding?.row.title}</Text>
          <Textarea
            label={t`审批意见`}
            value={comment}
            maxLength={APPROVAL_COMMENT_MAX}
            rows={3}
            onChange={(e) => setComment(e.currentTarget.value)}
            data-testid="decision-comment"
          />
          <ModalFooter
            onCancel={() => setDeciding(null)}
            color={deciding?.result === 'reject' ? 'red' : 'teal'}
            loading={busy}
            onClick={() => void decide()}
            data-testid="decision-confirm"
          >
            <Trans>确定</Trans>
          </ModalFooter>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * /audit: 待我审批 (the inbox), 审批节点 (nodes: a name and up to three levels of approvers; the
 * service refuses fewer than two approvers) and 审批记录 (every request, with its progress; 提交申请
 * starts a request of another kind, which its applicant may withdraw while it is pending).
 */
export function AuditScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = useSession().user?.id;
  const [tab, setTab] = useState<string | null>('inbox');
  const [detail, setDetail] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [recordSearch, setRecordSearch] = useState<ResourceSearch>({});
  const refresh = () => refreshApprovals(queryClient);

  const withdraw = async (row: Row) => {
    if (!(await confirmDanger({ message: t`确定要撤回这条申请吗？`, confirmLabel: t`撤回` }))) return;
    try {
      await request('user', 'approval/withdraw', { id: row.id }, { quiet: true });
      toast('success', t`申请已撤回`);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    }
    await refresh();
  };

  return (
    <>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="inbox" data-testid="tab-inbox">
            <Trans>待我审批</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="nodes" data-testid="tab-nodes">
            <Trans>审批节点</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="records" data-testid="tab-records">
            <Trans>审批记录</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox">
          <ApprovalInbox onDetail={setDetail} />
        </Tabs.Panel>
        <Tabs.Panel value="nodes">
          <ResourceScreen def={approvalNodeDef} {...props} title={<Trans>审批节点</Trans>} />
        </Tabs.Panel>
        <Tabs.Panel value="records">
          <ResourceScreen
            def={approvalDef}
            search={recordSearch}
            onSearchChange={setRecordSearch}
            title={<Trans>审批记录</Trans>}
            toolbar={() => (
              <Button size="xs" onClick={() => setSubmitting(true)} data-testid="request-new">
                <Trans>提交申请</Trans>
              </Button>
            )}
            rowActions={[
              { id: 'progress', title: t`审批进度`, run: (row: Row) => setDetail(row.id) },
              {
                id: 'withdraw',
                title: t`撤回`,
                color: 'red',
                visible: (row) =>
                  row.kind === 'other' && Number(row.state) === APPROVAL_STATE.pending && row.applicantId === me,
                run: (row) => void withdraw(row),
              },
            ]}
          />
        </Tabs.Panel>
      </Tabs>
      <ApprovalDetailDrawer id={detail} onClose={() => setDetail(null)} />
      <SubmitRequestDialog
        opened={submitting}
        onClose={() => setSubmitting(false)}
        onSubmitted={() => void refresh()}
      />
    </>
  );
}
