import { defineEntity } from '../../server/engine/registry';
import deviceVoice from './resource';
import { deviceVoices } from './table';

export default defineEntity({
  def: deviceVoice,
  table: deviceVoices,
});
