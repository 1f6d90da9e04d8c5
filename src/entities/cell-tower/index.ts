// The cell-tower entity's public surface: what other folders use of it (the rest of the folder is its own).
export { CELL_TOWER_IMPORT_JOB, cellTowerImportJob } from './import';
