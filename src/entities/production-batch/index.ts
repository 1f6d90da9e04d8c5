// The production-batch entity's public surface: what other folders use of it (the rest of the folder is its own).
export { BATCH_STATE, QA_RESULT } from './resource';
export { productionBatchRecords, productionBatches } from './table';
