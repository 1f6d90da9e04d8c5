// The freight-template entity's public surface: what other folders use of it (the rest of the folder is its own).
export { freightTemplates } from './table';
export { FREIGHT_MODE, freightFor } from '../../shared/freight';
export type { FreightItem } from '../../shared/freight';
