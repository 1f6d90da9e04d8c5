// The bill entity's public surface: what other folders use of it (the rest of the folder is its own).
export { billReport } from './report';
export type { ReportRow } from './report';
