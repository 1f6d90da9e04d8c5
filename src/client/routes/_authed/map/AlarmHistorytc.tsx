import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { searchRules } from '../../../lib/searchParams';
import { AlarmPopupScreen } from '../../../features/alarms/AlarmPopupScreen';
import { alarmListQuery, POPUP_LIST_QUERY } from '../../../features/alarms/alarms.queries';
import { prefetchOnline } from '../../../lib/prefetch';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/AlarmHistorytc')({
  validateSearch: searchRules({}),
  beforeLoad: () => requireRoute('AlarmHistorytc', 'map'),
  loader: ({ context }) => prefetchOnline(context.queryClient, alarmListQuery(POPUP_LIST_QUERY)),
  component: Page,
});

function Page() {
  return (
    <Box p="xs">
      <AlarmPopupScreen />
    </Box>
  );
}
