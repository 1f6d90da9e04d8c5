import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import reportScheduleDef from './resource';

/** /reportSchedule: the schedules, each opening its run history (state, attempts, file) with "send now". */
const screens: EntityScreens = {
  reportSchedule: {
    resource: reportScheduleDef,
    component: lazyScreen(() => import('../../client/features/reports/ScheduleScreen').then((m) => m.ScheduleScreen)),
  },
};

export default screens;
