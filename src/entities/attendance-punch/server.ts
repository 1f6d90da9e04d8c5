import { defineEntity } from '../../server/engine/registry';
import attendancePunch from './resource';
import { attendancePunches } from './table';

export default defineEntity({ def: attendancePunch, table: attendancePunches });
