import { defineEntity } from '../../server/engine/registry';
import { adPlays } from '../advertisement/table';
import adPlay from './resource';

// The table lives with the advertisements (their `plays` and `billed` count it).
export default defineEntity({ def: adPlay, table: adPlays });
