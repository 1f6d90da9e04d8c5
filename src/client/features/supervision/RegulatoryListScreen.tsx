import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import personDef, { PERSON_MARK_CHECK_IN } from '../../../entities/monitored-person/resource';
import type { SupervisionFigures } from '../../../shared/dashboard';
import { request, toast } from '../../lib/request';
import { dashboardSummaryQuery } from '../dashboards/dashboard.queries';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { personCells } from './supervisionCells';

/** Console check-in of a person for today (once a day; a second says so). */
export async function checkInPerson(id: number, texts: { done: string; already: string }): Promise<boolean> {
  try {
    const { checkedIn } = await request<{ checkedIn: boolean }>(
      'user',
      'monitoredPerson/checkIn',
      { id },
      { quiet: true },
    );
    toast(checkedIn ? 'success' : 'info', checkedIn ? texts.done : texts.already);
    return checkedIn;
  } catch (error) {
    toast('error', error instanceof Error ? error.message : String(error));
    return false;
  }
}

/** The supervision figures above the list: persons, outside their fence, bracelets removed, low battery, missed check-ins. */
export function SupervisionStrip({ s }: { s: SupervisionFigures | undefined }) {
  const { t } = useLingui();
  const items: [string, number | undefined, string, string][] = [
    [t`监管人员`, s?.persons, 'blue', 'persons'],
    [t`围栏内`, s?.inside, 'green', 'inside'],
    [t`越界`, s?.outside, 'red', 'outside'],
    [t`脚环摘除`, s?.removed, 'orange', 'removed'],
    [t`低电量`, s?.lowBattery, 'yellow', 'lowBattery'],
    [t`今日已签到`, s?.checkedIn, 'teal', 'checkedIn'],
    [t`未按时签到`, s?.missedCheckIns, 'red', 'missed'],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs" data-testid="supervision-strip">
      {items.map(([label, value, color, id]) => (
        <Paper key={id} withBorder p="xs" radius="md">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl" c={value ? color : undefined} data-testid={`supervision-${id}`}>
            {value ?? '-'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * /regulatoryList: the monitored persons with level, crime type and supervisor filters (the
 * generic filters of the def), whether their bracelet is inside the fence, its battery and
 * wearing state and today's check-in; a row opens the person (/regulatoryUser?id=) or checks
 * them in. The supervision figures sit above the list.
 */
export function RegulatoryListScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const summary = useQuery(dashboardSummaryQuery({ scenario: 'supervision' }));
  const cells = personCells((row: Row) =>
    row.checkedIn ? (
      <Badge color="teal" variant="light" data-testid={`person-checked-${row.id}`}>
        <Trans>已签到</Trans>
      </Badge>
    ) : (
      <Badge color="gray" variant="light" data-testid={`person-checked-${row.id}`}>
        <Trans>未签到</Trans>
      </Badge>
    ),
  );
  return (
    <Stack gap="sm">
      <SupervisionStrip s={summary.data?.supervision} />
      <ResourceScreen
        def={personDef}
        {...props}
        cells={cells}
        title={
          <Group gap="xs">
            <Trans>监管列表</Trans>
          </Group>
        }
        rowActions={[
          { id: 'open', title: t`详情`, run: (row) => void navigate({ href: `/map/regulatoryUser?id=${row.id}` }) },
          {
            id: 'checkIn',
            title: t`签到`,
            color: 'teal',
            mark: PERSON_MARK_CHECK_IN,
            visible: (row) => !row.checkedIn,
            run: (row) =>
              void checkInPerson(row.id, {
                done: t`${String(row.name)} 已签到`,
                already: t`${String(row.name)} 今日已签到`,
              }).then(() => invalidateResource(queryClient, personDef.name)),
          },
        ]}
      />
    </Stack>
  );
}
