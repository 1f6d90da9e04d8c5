import { Anchor, SimpleGrid } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { DashboardBody, DashboardSummary } from '../../../shared/dashboard';
import { isAllowed } from '../../lib/session';
import { Figure, Panel } from './panels';

/**
 * The supervision dashboard's monitored persons (index5): under supervision today, inside and
 * outside their fences, bracelets removed, low battery, checked in and missed check-ins; the list
 * is one click away for who may open it.
 */
export function SupervisionPanel({ s, body }: { s: DashboardSummary; body: DashboardBody }) {
  const { t } = useLingui();
  const p = s.supervision;
  if (!p) return null;
  return (
    <Panel title={t`监管人员`} body={body} testId="dash-supervision">
      <SimpleGrid cols={{ base: 2, md: 4, lg: 7 }} spacing="xs">
        <Figure id="supervisedPersons" label={t`监管人员`} value={p.persons} />
        <Figure id="insideFence" label={t`围栏内`} value={p.inside} color="green" />
        <Figure id="outsideFence" label={t`越界`} value={p.outside} color={p.outside ? 'red' : undefined} />
        <Figure id="braceletsRemoved" label={t`脚环摘除`} value={p.removed} color={p.removed ? 'red' : undefined} />
        <Figure id="lowBattery" label={t`低电量`} value={p.lowBattery} color={p.lowBattery ? 'orange' : undefined} />
        <Figure id="checkedIn" label={t`今日已签到`} value={p.checkedIn} color="teal" />
        <Figure
          id="missedCheckIns"
          label={t`未按时签到`}
          value={p.missedCheckIns}
          color={p.missedCheckIns ? 'red' : undefined}
        />
      </SimpleGrid>
      {isAllowed('regulatoryList') && (
        <Anchor
          component={Link}
          to={'/regulatoryList' as string}
          size="sm"
          mt="xs"
          display="inline-block"
          data-testid="dash-supervision-list"
        >
          {t`查看监管列表`}
        </Anchor>
      )}
    </Panel>
  );
}
