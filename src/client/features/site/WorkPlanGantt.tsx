import { Box, Group, Text, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { WORK_PLAN_STATE, WORK_PLAN_STATE_TABLE, type PlanBar } from '../../../entities/work-plan/resource';
import { useCodeLabel } from '../resources/display';
import { axisRange, axisTicks, barBox, dayNumber, treeOrder } from './gantt';

/** Colour of each state (bars and badges): not completed blue, completed green, abnormal red. */
export const PLAN_STATE_HUE: Record<number, string> = {
  [WORK_PLAN_STATE.open]: 'blue',
  [WORK_PLAN_STATE.completed]: 'green',
  [WORK_PLAN_STATE.abnormal]: 'red',
};
const barColor = (state: number) => `var(--mantine-color-${PLAN_STATE_HUE[state] ?? 'gray'}-6)`;

const LABEL_WIDTH = 240;
const ROW_HEIGHT = 30;

interface WorkPlanGanttProps {
  plans: readonly PlanBar[];
  /** YYYY-MM-DD where the service keeps time: the marker. */
  today: string;
  onOpen?: (plan: PlanBar) => void;
}

/**
 * The Gantt-like view of /workPlan: one row per plan in tree order (sub-plans indented under
 * their parent), a bar from start to end day coloured by state with the progress filled in, the
 * date axis above, and a marker at today. Plain CSS: no chart library.
 */
export function WorkPlanGantt({ plans, today, onOpen }: WorkPlanGanttProps) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const rows = treeOrder(plans);
  if (!rows.length) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="gantt-empty">
        {t`暂无计划`}
      </Text>
    );
  }
  const range = axisRange(plans, today);
  const span = range.to - range.from + 1;
  const pct = (day: number) => `${((day - range.from) / span) * 100}%`;
  const todayLeft = `${((dayNumber(today) - range.from + 0.5) / span) * 100}%`;

  return (
    <Box data-testid="work-plan-gantt" style={{ overflowX: 'auto' }}>
      <Box style={{ minWidth: LABEL_WIDTH + 600 }}>
        <Group gap={0} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="xs" fw={600} w={LABEL_WIDTH} px="xs" style={{ flex: 'none' }}>
            {t`计划名称`}
          </Text>
          <Box pos="relative" h={24} style={{ flex: 1 }} data-testid="gantt-axis">
            {axisTicks(range).map((tick) => (
              <Text
                key={tick.day}
                size="xs"
                c="dimmed"
                pos="absolute"
                top={4}
                style={{ left: pct(tick.day), whiteSpace: 'nowrap' }}
              >
                {tick.label}
              </Text>
            ))}
          </Box>
        </Group>
        <Box pos="relative">
          {rows.map(({ plan, depth, hasChildren }) => {
            const box = barBox(plan, range);
            const state = codeLabel(WORK_PLAN_STATE_TABLE, plan.state);
            return (
              <Group
                key={plan.id}
                gap={0}
                wrap="nowrap"
                h={ROW_HEIGHT}
                data-testid={`gantt-row-${plan.id}`}
                data-depth={depth}
              >
                <Text
                  size="sm"
                  w={LABEL_WIDTH}
                  px="xs"
                  truncate
                  fw={hasChildren ? 600 : 400}
                  style={{ flex: 'none', paddingLeft: 8 + depth * 16 }}
                  title={plan.name}
                >
                  {plan.name}
                </Text>
                <Box pos="relative" h={ROW_HEIGHT} style={{ flex: 1 }}>
                  <Tooltip
                    label={`${plan.name} · ${plan.startDate} ~ ${plan.endDate} · ${state} · ${plan.progress}%`}
                    withinPortal
                  >
                    <Box
                      component="button"
                      type="button"
                      aria-label={`${plan.name} ${state}`}
                      data-testid={`gantt-bar-${plan.id}`}
                      data-state={plan.state}
                      className={`gantt-bar gantt-state-${plan.state}`}
                      onClick={() => onOpen?.(plan)}
                      pos="absolute"
                      top={6}
                      h={ROW_HEIGHT - 12}
                      style={{
                        left: `${box.left}%`,
                        width: `${box.width}%`,
                        minWidth: 4,
                        border: 0,
                        padding: 0,
                        cursor: onOpen ? 'pointer' : 'default',
                        borderRadius: 4,
                        overflow: 'hidden',
                        background: barColor(plan.state),
                        opacity: 0.45,
                      }}
                    >
                      <Box
                        h="100%"
                        style={{
                          width: `${Math.min(100, Math.max(0, plan.progress))}%`,
                          background: barColor(plan.state),
                        }}
                      />
                    </Box>
                  </Tooltip>
                </Box>
              </Group>
            );
          })}
          <Box
            data-testid="gantt-today"
            data-day={today}
            pos="absolute"
            top={0}
            bottom={0}
            style={{
              left: `calc(${LABEL_WIDTH}px + (100% - ${LABEL_WIDTH}px) * ${todayLeft.replace('%', '')} / 100)`,
              width: 2,
              background: 'var(--mantine-color-orange-6)',
              pointerEvents: 'none',
            }}
            title={t`今天 ${today}`}
          />
        </Box>
        <Group gap="md" mt="xs" data-testid="gantt-legend">
          {WORK_PLAN_STATE_TABLE.map((c) => (
            <Group key={String(c.value)} gap={4}>
              <Box w={12} h={12} style={{ borderRadius: 2, background: barColor(Number(c.value)) }} />
              <Text size="xs">{codeLabel(WORK_PLAN_STATE_TABLE, c.value)}</Text>
            </Group>
          ))}
        </Group>
      </Box>
    </Box>
  );
}
