import { useNavigate } from '@tanstack/react-router';
import { alarmDef } from '../../client/features/alarms/alarmResource';
import { alarmListQuery } from '../../client/features/alarms/alarms.queries';
import { buildListQuery } from '../../client/features/resources/search';
import type { EntityScreens, RouteScreenProps } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** The alarm history: its list (prefetched with the alarm list's own query) opens a device's detail. */
const screens: EntityScreens = {
  AlarmHistory: {
    prefetch: (queryClient, search) => queryClient.prefetchQuery(alarmListQuery(buildListQuery(alarmDef(), search))),
    component: lazyScreen(() =>
      import('../../client/features/alarms/AlarmHistoryScreen').then(
        ({ AlarmHistoryScreen }) =>
          function AlarmHistory(props: RouteScreenProps) {
            const navigate = useNavigate();
            return (
              <AlarmHistoryScreen
                {...props}
                onOpenDevice={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })}
              />
            );
          },
      ),
    ),
  },
};

export default screens;
