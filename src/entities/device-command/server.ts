import { deviceCommands } from './table';
import { defineEntity } from '../../server/engine/registry';
import deviceCommandResource from './resource';

/** Commands and settings pushes with their delivery; written by src/server/devices/commands.ts. */
export default defineEntity({ def: deviceCommandResource, table: deviceCommands });
