// The attendance-rule entity's public surface: what other folders use of it (the rest of the folder is its own).
export { ATTENDANCE_TYPE } from './resource';
export { STATE_KEYS, periodsOf } from './periods';
export type { RuleTimes, StateKey } from './periods';
export { attendanceRules } from './table';
export type { AttendanceRuleRow } from './table';
