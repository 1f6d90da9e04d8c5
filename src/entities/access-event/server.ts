import { defineEntity } from '../../server/engine/registry';
import accessEvent from './resource';
import { accessEvents } from './table';

export default defineEntity({
  def: accessEvent,
  table: accessEvents,
});
