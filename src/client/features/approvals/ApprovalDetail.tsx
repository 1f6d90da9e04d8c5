import { Badge, Drawer, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { APPROVAL_STATE_TABLE, STEP_RESULT, STEP_RESULT_TABLE } from '../../../shared/approvals';
import { request } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import { formatDateCell } from '../../lib/dates';

interface ApprovalDetailData {
  approval: {
    id: number;
    title: string;
    kind: string;
    state: number;
    level: number;
    applicantName: string | null;
    comment: string | null;
  };
  levels: { level: number; approvers: { id: number; name: string }[] }[];
  steps: {
    level: number;
    approverId: number | null;
    approverName: string | null;
    result: number;
    comment: string | null;
    createdAt: string;
  }[];
}

const approvalDetailQuery = (id: number) => ({
  queryKey: ['approval', 'detail', id] as const,
  queryFn: () => request<ApprovalDetailData>('user', 'approval/detail', { id }, { background: true }),
});

const when = (iso: string) => formatDateCell(iso);

/** A request's levels with their approvers and its history of steps (who, approve or reject, the comment, when). */
export function ApprovalDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const detail = useQuery({ ...approvalDetailQuery(id ?? 0), enabled: id !== null });
  const data = detail.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="md" title={t`审批进度`}>
      {!data ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm" data-testid="approval-detail">
          <Text fw={600}>{data.approval.title}</Text>
          <Group gap="xs">
            <Badge variant="light">{codeLabel(APPROVAL_STATE_TABLE, data.approval.state)}</Badge>
            {data.approval.applicantName && <Text size="sm">{t`申请人：${data.approval.applicantName}`}</Text>}
          </Group>
          <Timeline active={data.steps.length - 1} bulletSize={18} lineWidth={2}>
            {data.levels.map((level) => {
              const step = data.steps.find((s) => s.level === level.level);
              const names = level.approvers.map((a) => a.name).join('、');
              const n = level.level;
              return (
                <Timeline.Item
                  key={n}
                  title={t`第${n}级：${names}`}
                  color={step ? (step.result === STEP_RESULT.rejected ? 'red' : 'teal') : 'gray'}
                  data-testid={`approval-level-${n}`}
                >
                  {step ? (
                    <Text size="sm">
                      {`${step.approverName ?? ''} · ${codeLabel(STEP_RESULT_TABLE, step.result)} · ${when(step.createdAt)}`}
                      {step.comment ? ` · ${step.comment}` : ''}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      <Trans>未审批</Trans>
                    </Text>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
