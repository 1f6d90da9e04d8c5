// The attendance-record entity's public surface: what other folders use of it (the rest of the folder is its own).
export { PERIOD_STATE_TABLE, RECORD_STATUS_TABLE } from './resource';
export { attendanceRecords } from './table';
