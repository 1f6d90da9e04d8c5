import { useState } from 'react';
import { Alert, Badge, Group, Loader, Paper, Progress, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import workPlanDef, {
  WORK_PLAN_STATE,
  WORK_PLAN_STATE_TABLE,
  type PlanBar,
  type PlanTree,
} from '../../../entities/work-plan/resource';
import { request, toast } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { WorkPlanGantt, PLAN_STATE_HUE } from './WorkPlanGantt';
import { WorkPlanLogs } from './WorkPlanLogs';
import { confirmDanger } from '../../components/ConfirmDanger';

/** The plans of the Gantt view (POST /api/user/workPlan/tree); shares the resource's cache key, so writes refresh it. */
export const planTreeQuery = () => ({
  queryKey: [workPlanDef.name, 'tree'] as const,
  queryFn: () => request<PlanTree>('user', 'workPlan/tree', {}),
});

const UPDATE = `${workPlanDef.mark}:update`;
type Move = 'complete' | 'abnormal' | 'reopen';

/** A plan's state as a coloured badge. */
export function PlanStateBadge({ state, id }: { state: unknown; id: number }) {
  const codeLabel = useCodeLabel();
  const value = Number(state);
  return (
    <Badge color={PLAN_STATE_HUE[value] ?? 'gray'} variant="light" data-testid={`plan-state-${id}`} data-state={value}>
      {codeLabel(WORK_PLAN_STATE_TABLE, value)}
    </Badge>
  );
}

const toBar = (row: Row): PlanBar => ({
  id: row.id,
  parentId: (row.parentId as number | null) ?? null,
  name: String(row.name ?? ''),
  superiorId: (row.superiorId as number | null) ?? null,
  superiorName: null,
  startDate: String(row.startDate ?? '').slice(0, 10),
  endDate: String(row.endDate ?? '').slice(0, 10),
  periodDays: Number(row.periodDays ?? 0),
  progress: Number(row.progress ?? 0),
  state: Number(row.state),
});

/**
 * /workPlan: the plans as a list (add, edit, sub-plans through 上级计划, filters) with their state
 * and progress, the moves complete / report abnormal / reopen (asked first; refusals such as open
 * sub-plans come back with their message), and a Gantt-like view of the plan tree over a date axis
 * with today marked. Either view opens a plan's detail with its work logs.
 */
export function WorkPlanScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string | null>('list');
  const [open, setOpen] = useState<PlanBar | null>(null);
  const tree = useQuery({ ...planTreeQuery(), enabled: tab === 'gantt' });

  const move = async (row: Row, action: Move) => {
    const name = String(row.name);
    const ok = await confirmDanger(
      action === 'complete'
        ? { message: t`确定将计划「${name}」标记为已完成吗？`, confirmLabel: t`完成` }
        : action === 'abnormal'
          ? { message: t`确定将计划「${name}」标记为异常吗？`, confirmLabel: t`标记异常` }
          : { message: t`确定将计划「${name}」重新设为未完成吗？`, confirmLabel: t`重新打开` },
    );
    if (!ok) return;
    try {
      await request<PlanBar>('user', `workPlan/${action}`, { id: row.id }, { quiet: true });
      toast('success', t`计划「${name}」的状态已更新`);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    }
    await invalidateResource(queryClient, workPlanDef.name);
  };

  const state = (row: Row) => Number(row.state);
  return (
    <Stack gap="sm">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list" data-testid="work-plan-tab-list">
            <Trans>计划列表</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="gantt" data-testid="work-plan-tab-gantt">
            <Trans>甘特图</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="sm">
          <ResourceScreen
            def={workPlanDef}
            {...props}
            title={<Trans>工作计划</Trans>}
            cells={{
              state: (row) => <PlanStateBadge state={row.state} id={row.id} />,
              progress: (row) => (
                <Group gap={6} wrap="nowrap">
                  <Progress
                    value={Number(row.progress ?? 0)}
                    color={PLAN_STATE_HUE[state(row)] ?? 'gray'}
                    size="sm"
                    w={60}
                    aria-label={`${Number(row.progress ?? 0)}%`}
                  />
                  <Text size="xs">{Number(row.progress ?? 0)}%</Text>
                </Group>
              ),
            }}
            rowActions={[
              { id: 'logs', title: t`日志`, color: 'gray', run: (row) => setOpen(toBar(row)) },
              {
                id: 'complete',
                title: t`完成`,
                color: 'green',
                mark: UPDATE,
                visible: (row) => state(row) !== WORK_PLAN_STATE.completed,
                run: (row) => void move(row, 'complete'),
              },
              {
                id: 'abnormal',
                title: t`异常`,
                color: 'red',
                mark: UPDATE,
                visible: (row) => state(row) === WORK_PLAN_STATE.open,
                run: (row) => void move(row, 'abnormal'),
              },
              {
                id: 'reopen',
                title: t`重新打开`,
                color: 'blue',
                mark: UPDATE,
                visible: (row) => state(row) !== WORK_PLAN_STATE.open,
                run: (row) => void move(row, 'reopen'),
              },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="gantt" pt="sm">
          <Paper withBorder p="sm">
            {tree.isLoading && <Loader size="sm" />}
            {tree.isError && <Alert color="red">{tree.error.message}</Alert>}
            {tree.data && <WorkPlanGantt plans={tree.data.rows} today={tree.data.today} onOpen={setOpen} />}
          </Paper>
        </Tabs.Panel>
      </Tabs>
      <WorkPlanLogs plan={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
