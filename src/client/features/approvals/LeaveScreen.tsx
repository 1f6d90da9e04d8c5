import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import leaveDef, { LEAVE_STATE } from '../../../entities/leave-request/resource';
import { request, toast } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { ApprovalDetailDrawer } from './ApprovalDetail';
import { confirmDanger } from '../../components/ConfirmDanger';

/**
 * /AuditNotice 请假通知: leave requests; adding one submits it to the chosen approval node. A
 * pending or approved request can be cancelled; its approval's progress opens beside the list.
 */
export function LeaveScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [detail, setDetail] = useState<number | null>(null);

  const cancel = async (row: Row) => {
    if (!(await confirmDanger({ message: t`确定要取消这条请假申请吗？`, confirmLabel: t`取消请假` }))) return;
    try {
      await request('user', 'leaveRequest/cancel', { id: row.id }, { quiet: true });
      toast('success', t`请假已取消`);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    }
    await invalidateResource(queryClient, leaveDef.name);
  };

  return (
    <>
      <ResourceScreen
        def={leaveDef}
        {...props}
        title={<Trans>请假通知</Trans>}
        rowActions={[
          {
            id: 'progress',
            title: t`审批进度`,
            visible: (row) => Boolean(row.approvalId),
            run: (row) => setDetail(Number(row.approvalId)),
          },
          {
            id: 'cancel',
            title: t`取消请假`,
            color: 'red',
            mark: `${leaveDef.mark}:update`,
            visible: (row) => Number(row.state) === LEAVE_STATE.pending || Number(row.state) === LEAVE_STATE.approved,
            run: (row) => void cancel(row),
          },
        ]}
      />
      <ApprovalDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
