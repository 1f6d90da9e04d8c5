import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import approval from './resource';
import { approvals } from './table';

export default defineEntity({
  def: approval,
  table: approvals,
  computed: { levelCount: sql<number>`jsonb_array_length(${qualified(approvals.levels)})` },
});
