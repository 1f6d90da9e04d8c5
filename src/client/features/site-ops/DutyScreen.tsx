import { useState } from 'react';
import { Badge, Tabs, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import annualInspectionDef, {
  INSPECTION_DUE,
  INSPECTION_DUE_TABLE,
} from '../../../entities/annual-inspection/resource';
import dutyRecordDef from '../../../entities/duty-record/resource';
import { codeText } from '../../i18n/codeLabels';
import { dayOf } from '../../lib/zone';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import type { RouteScreenProps } from '../screens/types';
import { RosterCalendar } from './RosterCalendar';

const DUE_COLOR: Record<number, string> = {
  [INSPECTION_DUE.ok]: 'teal',
  [INSPECTION_DUE.dueSoon]: 'orange',
  [INSPECTION_DUE.overdue]: 'red',
};

/** An inspection's due state as a badge: due soon orange, overdue red. */
export function DueBadge({ row }: { row: Row }) {
  const due = Number(row.due ?? INSPECTION_DUE.ok);
  const entry = INSPECTION_DUE_TABLE.find((e) => e.value === due);
  return (
    <Badge
      color={DUE_COLOR[due] ?? 'gray'}
      variant={due === INSPECTION_DUE.ok ? 'light' : 'filled'}
      data-testid={`inspection-due-${row.id}`}
      data-due={due}
    >
      {entry ? codeText(entry) : String(due)}
    </Badge>
  );
}

const dateOnly = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '');

/**
 * /dutyUser: the duty records as a list and as a roster calendar (tabs), and the annual inspections
 * (docs/requirements/screens-and-routes.md#screens-by-label names them beside the on-duty staff but
 * gives them no route, so they are this screen's third tab) with due soon and overdue ones
 * highlighted.
 */
export function DutyScreen(props: RouteScreenProps) {
  const [tab, setTab] = useState<string | null>('list');
  const [month, setMonth] = useState(() => {
    const today = dayOf();
    return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) - 1 };
  });
  const [inspections, setInspections] = useState<ResourceSearch>({});
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} data-testid="duty-tabs">
      <Tabs.List mb="sm">
        <Tabs.Tab value="list" data-testid="duty-tab-list">
          <Trans>值班记录</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="roster" data-testid="duty-tab-roster">
          <Trans>排班日历</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="inspection" data-testid="duty-tab-inspection">
          <Trans>年检</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="list">
        <ResourceScreen def={dutyRecordDef} {...props} title={<Trans>值班人员</Trans>} />
      </Tabs.Panel>
      <Tabs.Panel value="roster">
        <RosterCalendar
          year={month.year}
          month={month.month}
          onMonthChange={(year, m) => setMonth({ year, month: m })}
          onDayClick={(day) => {
            props.onSearchChange({
              ...props.search,
              page: 1,
              filters: { ...props.search.filters, dutyDate: [day, day] },
            });
            setTab('list');
          }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="inspection">
        <ResourceScreen
          def={annualInspectionDef}
          search={inspections}
          onSearchChange={setInspections}
          title={<Trans>年检</Trans>}
          cells={{
            due: (row) => <DueBadge row={row} />,
            nextAt: (row) => (
              <Text
                span
                size="sm"
                c={
                  Number(row.due) === INSPECTION_DUE.overdue
                    ? 'red'
                    : Number(row.due) === INSPECTION_DUE.dueSoon
                      ? 'orange'
                      : undefined
                }
                fw={Number(row.due) ? 600 : undefined}
              >
                {dateOnly(row.nextAt)}
              </Text>
            ),
          }}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
