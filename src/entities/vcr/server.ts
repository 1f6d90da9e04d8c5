import { defineEntity } from '../../server/engine/registry';
import vcr from './resource';
import { videoRecords } from './table';

export default defineEntity({
  def: vcr,
  table: videoRecords,
});
