import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { searchRules } from '../../../lib/searchParams';
import { AlarmListScreen } from '../../../features/alarms/AlarmListScreen';
import { alarmListQuery, LIVE_LIST_QUERY } from '../../../features/alarms/alarms.queries';
import { prefetchOnline } from '../../../lib/prefetch';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/alarmList')({
  validateSearch: searchRules({}),
  beforeLoad: () => requireRoute('alarmList', 'map'),
  loader: ({ context }) => prefetchOnline(context.queryClient, alarmListQuery(LIVE_LIST_QUERY)),
  component: Page,
});

function Page() {
  return (
    <Box p="xs">
      <AlarmListScreen />
    </Box>
  );
}
