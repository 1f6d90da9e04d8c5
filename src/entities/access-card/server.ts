import { defineEntity } from '../../server/engine/registry';
import accessCard from './resource';
import { accessCards } from './table';

export default defineEntity({
  def: accessCard,
  table: accessCards,
});
