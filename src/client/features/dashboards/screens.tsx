import { useLingui } from '@lingui/react/macro';
import { DASHBOARD_ROUTES, type CampusPanel } from '../../../shared/dashboard';
import { routeTitle } from '../shell/navLabel';
import { CampusDashboard, CampusPanelScreen } from './CampusDashboard';
import { DashboardScreen } from './DashboardScreen';
import { DataWall } from './DataWall';

/** What a dashboard route shows (registry.tsx registers each route to this chunk). */
export function DashboardRoute({ route }: { route: string }) {
  const { i18n } = useLingui();
  const title = routeTitle(i18n, route) ?? route;
  if (route === 'index8') return <DataWall />;
  if (route === 'index4') return <CampusDashboard title={title} />;
  const scenario = DASHBOARD_ROUTES[route];
  if (scenario) return <DashboardScreen scenario={scenario} title={title} />;
  return <CampusPanelScreen panel={route as CampusPanel} title={title} />;
}
