/**
 * Attendance, the domain service behind attendance rules, punches and records: a worker's day is
 * computed from their rule, punches and leave (compute.ts), recomputed when one of those changes
 * (recompute.ts, and the job for long ranges), and summed for the dashboards (stats.ts). This file
 * is its public surface; nothing outside src/server/attendance imports its other modules.
 */
export { computeDay, isWorkday, PERIOD_STATE, RECORD_STATUS, type ComputeRule, type DayResult } from './compute';
export { finaliseRecent, recomputeRange } from './recompute';
export { ATTENDANCE_RECOMPUTE_JOB, attendanceRecomputeJob } from './recompute-job';
export { attendanceStats } from './stats';
export { periodsOf, STATE_KEYS } from './periods';
export { recordPunch } from './punch';
export { approvedLeaveFor } from './leave';
