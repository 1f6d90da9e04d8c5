import { defineEntity } from '../../server/engine/registry';
import simPackage from './resource';
import { simPackages } from './table';

export default defineEntity({ def: simPackage, table: simPackages });
