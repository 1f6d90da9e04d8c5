import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import bill from './resource';
import { bills } from './table';

export default defineEntity({
  def: bill,
  table: bills,
  computed: {
    amount: sql<number>`(${qualified(bills.amountFen)} / 100.0)::float8`,
    refunded: sql<number>`(${qualified(bills.refundedFen)} / 100.0)::float8`,
  },
});
