import { defineEntity } from '../../server/engine/registry';
import website from './resource';
import { websites } from './table';

// One row per company: a second add answers the engine's "already exists" from the unique index.
export default defineEntity({ def: website, table: websites });
