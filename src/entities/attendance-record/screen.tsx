import { recordPreset } from '../../client/features/attendance/attendance.api';
import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import attendanceRecordDef from './resource';

/** The computed attendance records (all, late/early, absent) with the monthly report. */
const screens: EntityScreens = {
  AttendanceInfoList: {
    resource: attendanceRecordDef,
    preset: recordPreset(),
    component: lazyScreen(() =>
      import('../../client/features/attendance/AttendanceScreens').then((m) => m.AttendanceRecordScreen),
    ),
  },
  EdAttendanceInfoList: {
    resource: attendanceRecordDef,
    preset: recordPreset(1),
    component: lazyScreen(() =>
      import('../../client/features/attendance/AttendanceScreens').then((m) => m.AttendanceRecordScreen),
    ),
  },
  EdAbsenceList: {
    resource: attendanceRecordDef,
    preset: recordPreset(2),
    component: lazyScreen(() =>
      import('../../client/features/attendance/AttendanceScreens').then((m) => m.AttendanceRecordScreen),
    ),
  },
};

export default screens;
