// The report-schedule entity's public surface: what other folders use of it (the rest of the folder is its own).
export { sweepReports } from './runs';
