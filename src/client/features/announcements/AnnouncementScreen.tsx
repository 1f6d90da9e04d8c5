import { useState } from 'react';
import { Anchor, Badge, Drawer, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import announcementDef, {
  ANNOUNCEMENT_LEVEL_TABLE,
  ANNOUNCEMENT_MARK_PUBLISH,
  ANNOUNCEMENT_STATE,
  ANNOUNCEMENT_STATE_TABLE,
  NEED_APPROVAL,
  type ReceiptRow,
} from '../../../entities/announcement/resource';
import { DataTable, type Column } from '../../components/DataTable';
import { request, toast } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { LEVEL_COLOR } from './levels';
import { confirmDanger } from '../../components/ConfirmDanger';
import { formatDateCell } from '../../lib/dates';

const STATE_COLOR: Record<number, string> = {
  [ANNOUNCEMENT_STATE.draft]: 'gray',
  [ANNOUNCEMENT_STATE.pending]: 'orange',
  [ANNOUNCEMENT_STATE.published]: 'teal',
  [ANNOUNCEMENT_STATE.rejected]: 'red',
  [ANNOUNCEMENT_STATE.withdrawn]: 'dark',
};
const n = (v: unknown) => Number(v);

const RECEIPT_COLUMNS: Column<ReceiptRow>[] = [
  { id: 'name', name: 'name', title: <Trans>接收人</Trans>, width: 140, sortable: true },
  { id: 'department', name: 'departmentName', title: <Trans>部门</Trans>, width: 140, sortable: true },
  {
    id: 'readAt',
    name: 'readAt',
    title: <Trans>阅读时间</Trans>,
    width: 170,
    sortable: true,
    render: (r) => (r.readAt ? formatDateCell(r.readAt) : <Trans>未读</Trans>),
  },
];

/** Who a published announcement reached and when each read it. */
export function ReceiptsDrawer({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const receipts = useQuery({
    queryKey: ['announcementReceipts', row?.id],
    queryFn: () => request<ReceiptRow[]>('user', 'announcement/receipts/list', { id: row!.id }),
    enabled: row !== null,
  });
  const rows = receipts.data ?? [];
  const read = rows.filter((r) => r.readAt).length;
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Trans>阅读情况</Trans>}
      data-testid="announcement-receipts"
    >
      <Text fw={500}>{String(row?.title ?? '')}</Text>
      <Text size="sm" c="dimmed" mb="sm" data-testid="receipts-summary">
        <Trans>
          已读 {read} / 共 {rows.length} 人
        </Trans>
      </Text>
      <DataTable<ReceiptRow>
        columns={RECEIPT_COLUMNS}
        rows={rows}
        rowKey={(r) => r.userId}
        loading={receipts.isPending && row !== null}
        client={{ pageSize: 50 }}
        compact
        testId="receipt-table"
        rowOptions={() => ({ attrs: { 'data-testid': 'receipt-row' } })}
      />
    </Drawer>
  );
}

/**
 * /AnnouncementList: the company's announcements with their state, level and how many of the
 * recipients read them (opening the drawer of who read when); a draft is published (or submitted
 * to its approval node), a pending or published one withdrawn, after asking.
 */
export function AnnouncementScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const [receipts, setReceipts] = useState<Row | null>(null);
  const refresh = () => invalidateResource(queryClient, announcementDef.name);

  const act = async (row: Row, action: 'publish' | 'withdraw') => {
    const title = String(row.title);
    const needs = Number(row.needApproval) === NEED_APPROVAL.needed;
    const ok = await confirmDanger(
      action === 'publish'
        ? {
            message: needs
              ? t`确定提交「${title}」审批吗？审批通过后发布。`
              : t`确定发布「${title}」吗？发布后将推送给接收人。`,
            confirmLabel: needs ? t`提交审批` : t`发布`,
          }
        : { message: t`确定撤回「${title}」吗？接收人将不再看到它。`, confirmLabel: t`撤回` },
    );
    if (!ok) return;
    try {
      const after = await request<Row>('user', `announcement/${action}`, { id: row.id }, { quiet: true });
      toast('success', t`${title}：${codeLabel(ANNOUNCEMENT_STATE_TABLE, after.state)}`);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    }
    await refresh();
  };

  return (
    <>
      <ResourceScreen
        def={announcementDef}
        {...props}
        title={<Trans>公告列表</Trans>}
        cells={{
          state: (row) => (
            <Badge
              color={STATE_COLOR[n(row.state)] ?? 'gray'}
              variant="light"
              data-testid={`announcement-state-${row.id}`}
            >
              {codeLabel(ANNOUNCEMENT_STATE_TABLE, row.state)}
            </Badge>
          ),
          level: (row) => (
            <Badge color={LEVEL_COLOR[n(row.level)] ?? 'blue'} variant="dot">
              {codeLabel(ANNOUNCEMENT_LEVEL_TABLE, row.level)}
            </Badge>
          ),
          readCount: (row) =>
            n(row.state) === ANNOUNCEMENT_STATE.published || n(row.recipientCount) > 0 ? (
              <Anchor
                component="button"
                size="sm"
                onClick={() => setReceipts(row)}
                data-testid={`announcement-read-${row.id}`}
              >
                {`${n(row.readCount)}/${n(row.recipientCount)}`}
              </Anchor>
            ) : (
              '-'
            ),
        }}
        rowActions={[
          {
            id: 'publish',
            title: t`发布`,
            color: 'teal',
            mark: ANNOUNCEMENT_MARK_PUBLISH,
            visible: (row) => n(row.state) === ANNOUNCEMENT_STATE.draft,
            run: (row) => void act(row, 'publish'),
          },
          {
            id: 'withdraw',
            title: t`撤回`,
            color: 'red',
            mark: ANNOUNCEMENT_MARK_PUBLISH,
            visible: (row) =>
              n(row.state) === ANNOUNCEMENT_STATE.pending || n(row.state) === ANNOUNCEMENT_STATE.published,
            run: (row) => void act(row, 'withdraw'),
          },
          {
            id: 'receipts',
            title: t`阅读情况`,
            visible: (row) => n(row.recipientCount) > 0,
            run: (row) => setReceipts(row),
          },
        ]}
      />
      <ReceiptsDrawer row={receipts} onClose={() => setReceipts(null)} />
    </>
  );
}
