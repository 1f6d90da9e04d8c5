// The report-schedule entity's public surface: what other folders use of it (the rest of the folder is its own).
export { reportRuns, reportSchedules } from './server';
export { sweepReports } from './runs';
