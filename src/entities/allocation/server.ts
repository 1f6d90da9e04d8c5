import { deviceAllocations } from './table';
import { defineEntity } from '../../server/engine/registry';
import allocationResource from './resource';

/** The stock-flow log: read and export only; written by src/server/devices/allocation.ts. */
export default defineEntity({ def: allocationResource, table: deviceAllocations });
