// The sim-card entity's public surface: what other folders use of it (the rest of the folder is its own).
export { SIM_CARRIER_TABLE } from './resource';
export { applyPackage, priceFenOf } from './actions';
export { DEMO_PACKAGES } from './seed';
export { SIM_SYNC_JOB, simSyncJob } from './sync-job';
export { simCards } from './table';
