import { createFileRoute } from '@tanstack/react-router';
import { AlarmHistoryScreen } from '../../../features/alarms/AlarmHistoryScreen';
import { alarmDef } from '../../../features/alarms/alarmResource';
import { alarmListQuery, prefetchOnline } from '../../../features/alarms/alarms.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/AlarmHistory')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('AlarmHistory'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchOnline(context.queryClient, alarmListQuery(buildListQuery(alarmDef(), deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AlarmHistoryScreen
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      onOpenDevice={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })}
    />
  );
}
