// The attendance-punch entity's public surface: what other folders use of it (the rest of the folder is its own).
export { PUNCH_SOURCE } from './resource';
export type { PunchSource } from './resource';
export { attendancePunches } from './table';
