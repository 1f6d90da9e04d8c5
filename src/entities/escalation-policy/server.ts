import { defineEntity } from '../../server/engine/registry';
import escalationPolicy from './resource';
import { escalationPolicies } from './table';

export default defineEntity({ def: escalationPolicy, table: escalationPolicies });
