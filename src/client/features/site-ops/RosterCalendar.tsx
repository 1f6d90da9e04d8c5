import { ActionIcon, Badge, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import dutyRecordDef from '../../../entities/duty-record/resource';
import type { ListResult } from '../../../shared/resources/list';
import { request } from '../../lib/request';
import { dayOf } from '../../lib/zone';
import type { Row } from '../resources/resources.queries';

export interface RosterDuty {
  id: number;
  dutyDate: string;
  area: string;
  startTime: string;
  endTime: string;
  userId: number;
  userName: string | null;
}

/** A month as weeks from Monday: each cell the day of the month, or null outside it. */
export function monthGrid(year: number, month: number): (number | null)[][] {
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Duties by day of the month (dates are UTC midnight), each day's sorted by start time. */
export function dutiesByDay(rows: RosterDuty[], year: number, month: number): Map<number, RosterDuty[]> {
  const by = new Map<number, RosterDuty[]>();
  for (const r of rows) {
    const d = new Date(r.dutyDate);
    if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month) continue;
    const list = by.get(d.getUTCDate()) ?? [];
    list.push(r);
    by.set(d.getUTCDate(), list);
  }
  for (const list of by.values())
    list.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.area.localeCompare(b.area));
  return by;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const monthRange = (year: number, month: number): [string, string] => [
  `${year}-${pad(month + 1)}-01`,
  `${year}-${pad(month + 1)}-${pad(new Date(Date.UTC(year, month + 1, 0)).getUTCDate())}`,
];

/** A colour per person, stable across months. */
const COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo'];
const colorOf = (userId: number) => COLORS[userId % COLORS.length]!;

/**
 * The roster: a month grid (Monday first) with who is on duty each day (time, person, area);
 * arrows change the month; a day's click asks the list for that day.
 */
export function RosterCalendar({
  year,
  month,
  onMonthChange,
  onDayClick,
  today = dayOf(),
}: {
  year: number;
  month: number;
  onMonthChange: (year: number, month: number) => void;
  onDayClick?: (isoDate: string) => void;
  /** The tenant's today, `YYYY-MM-DD`. */
  today?: string;
}) {
  const { t, i18n } = useLingui();
  const [from, to] = monthRange(year, month);
  const duties = useQuery({
    queryKey: ['user', dutyRecordDef.name, 'roster', from],
    queryFn: () =>
      request<ListResult<Row>>('user', `${dutyRecordDef.name}/list`, {
        page: 1,
        size: 500,
        sort: { field: 'dutyDate', order: 'asc' },
        filters: { dutyDate: [from, to] },
      }),
  });
  const byDay = dutiesByDay((duties.data?.rows ?? []) as unknown as RosterDuty[], year, month);
  const weeks = monthGrid(year, month);
  const weekdays = [t`周一`, t`周二`, t`周三`, t`周四`, t`周五`, t`周六`, t`周日`];
  const title = new Date(Date.UTC(year, month, 1)).toLocaleDateString(i18n.locale, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const isToday = (day: number) => today === `${year}-${pad(month + 1)}-${pad(day)}`;
  const step = (delta: number) => {
    const d = new Date(Date.UTC(year, month + delta, 1));
    onMonthChange(d.getUTCFullYear(), d.getUTCMonth());
  };
  return (
    <Stack gap="xs" data-testid="roster-calendar">
      <Group justify="space-between">
        <ActionIcon variant="default" aria-label={t`上个月`} onClick={() => step(-1)} data-testid="roster-prev">
          ‹
        </ActionIcon>
        <Text fw={600} data-testid="roster-title">
          {title}
        </Text>
        <ActionIcon variant="default" aria-label={t`下个月`} onClick={() => step(1)} data-testid="roster-next">
          ›
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={4}>
        {weekdays.map((w) => (
          <Text key={w} ta="center" size="sm" c="dimmed">
            {w}
          </Text>
        ))}
      </SimpleGrid>
      {weeks.map((week, wi) => (
        <SimpleGrid key={wi} cols={7} spacing={4}>
          {week.map((day, di) =>
            day === null ? (
              <div key={di} />
            ) : (
              <Paper
                key={di}
                withBorder
                p={4}
                mih={96}
                data-testid={`roster-day-${day}`}
                data-today={isToday(day) || undefined}
                style={{
                  cursor: onDayClick ? 'pointer' : undefined,
                  borderColor: isToday(day) ? 'var(--mantine-color-blue-6)' : undefined,
                }}
                onClick={() => onDayClick?.(`${year}-${pad(month + 1)}-${pad(day)}`)}
              >
                <Text size="xs" fw={isToday(day) ? 700 : 500}>
                  {day}
                </Text>
                <Stack gap={2}>
                  {(byDay.get(day) ?? []).map((d) => (
                    <Tooltip key={d.id} label={`${d.startTime}-${d.endTime} ${d.area}`}>
                      <Badge
                        size="xs"
                        variant="light"
                        color={colorOf(d.userId)}
                        fullWidth
                        radius="sm"
                        data-testid="roster-duty"
                        style={{ textTransform: 'none' }}
                      >
                        {d.startTime} {d.userName ?? `#${d.userId}`}
                      </Badge>
                    </Tooltip>
                  ))}
                </Stack>
              </Paper>
            ),
          )}
        </SimpleGrid>
      ))}
      {duties.isSuccess && byDay.size === 0 && (
        <Text size="sm" c="dimmed" ta="center" data-testid="roster-empty">
          <Trans>本月暂无值班安排</Trans>
        </Text>
      )}
    </Stack>
  );
}
