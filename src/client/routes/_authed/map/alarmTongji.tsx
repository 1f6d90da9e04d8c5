import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AlarmStatsScreen } from '../../../features/alarms/AlarmStatsScreen';
import { alarmStatsQuery } from '../../../features/alarms/alarms.queries';
import { prefetchOnline } from '../../../lib/prefetch';
import { statsBody, statsSearchSchema } from '../../../features/alarms/statsSearch';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/alarmTongji')({
  validateSearch: statsSearchSchema,
  beforeLoad: () => requireRoute('alarmTongji', 'map'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchOnline(context.queryClient, alarmStatsQuery(statsBody(deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Box p="md">
      <AlarmStatsScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </Box>
  );
}
