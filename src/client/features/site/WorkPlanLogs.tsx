import { Badge, Card, Drawer, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import workLogDef, { WEATHER_TABLE } from '../../../entities/work-log/resource';
import { WORK_PLAN_STATE_TABLE, type PlanBar } from '../../../entities/work-plan/resource';
import { useCodeLabel, useRefData } from '../resources/display';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import { PLAN_STATE_HUE } from './WorkPlanGantt';

/** Logs shown in a plan's drawer (the newest). */
const PLAN_LOGS_SHOWN = 50;

/** The list query of a plan's logs, newest first. */
const planLogsQuery = (planId: number) =>
  resourceListQuery(workLogDef, {
    page: 1,
    size: PLAN_LOGS_SHOWN,
    sort: [{ field: 'logDate', order: 'desc' }],
    filters: { workPlanId: planId },
  });

/** A plan's detail beside /workPlan: its dates, state and progress, and the work logs written under it. */
export function WorkPlanLogs({
  plan,
  onClose,
}: {
  plan: Pick<PlanBar, 'id' | 'name' | 'startDate' | 'endDate' | 'state' | 'progress'> | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const logs = useQuery({ ...planLogsQuery(plan?.id ?? 0), enabled: plan !== null });
  const { labels } = useRefData(workLogDef.fields.filter((f) => f.name === 'authorId'));
  const authors = labels.get('user');
  const rows = (logs.data?.rows ?? []) as Row[];
  return (
    <Drawer
      opened={plan !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={plan?.name ?? ''}
      data-testid="work-plan-logs"
    >
      {plan && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" color={PLAN_STATE_HUE[plan.state] ?? 'gray'} data-testid="plan-detail-state">
              {codeLabel(WORK_PLAN_STATE_TABLE, plan.state)}
            </Badge>
            <Text size="sm">
              {String(plan.startDate).slice(0, 10)} ~ {String(plan.endDate).slice(0, 10)}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>进度 {plan.progress}%</Trans>
            </Text>
          </Group>
          <Text fw={600}>
            <Trans>工作日志</Trans>
          </Text>
          {logs.isLoading && <Loader size="sm" />}
          {!logs.isLoading && !rows.length && (
            <Text c="dimmed" data-testid="plan-logs-empty">
              {t`该计划暂无工作日志`}
            </Text>
          )}
          {rows.map((log) => (
            <Card key={log.id} withBorder padding="sm" data-testid={`plan-log-${log.id}`}>
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={600}>
                  {String(log.logDate ?? '').slice(0, 10)}
                </Text>
                <Group gap="xs">
                  {log.weather !== null && log.weather !== undefined && (
                    <Badge variant="outline">{codeLabel(WEATHER_TABLE, log.weather)}</Badge>
                  )}
                  {typeof log.authorId === 'number' && (
                    <Text size="xs" c="dimmed">
                      {authors?.get(log.authorId) ?? `#${log.authorId}`}
                    </Text>
                  )}
                </Group>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {String(log.content ?? '')}
              </Text>
              <Group gap="xs" mt={4}>
                {[log.image1, log.image2, log.image3]
                  .filter((src): src is string => typeof src === 'string' && src !== '')
                  .map((src) => (
                    <Image key={src} src={src} w={96} h={72} fit="cover" radius="sm" alt="" />
                  ))}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
