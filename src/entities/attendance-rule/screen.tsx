import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import attendanceRuleDef from './resource';

/** Attendance rules with the recompute. */
const screens: EntityScreens = {
  AttendanceList: {
    resource: attendanceRuleDef,
    component: lazyScreen(() =>
      import('../../client/features/attendance/AttendanceScreens').then((m) => m.AttendanceRuleScreen),
    ),
  },
};

export default screens;
