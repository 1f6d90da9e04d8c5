import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import payment from './resource';
import { payments } from './table';

export default defineEntity({
  def: payment,
  table: payments,
  computed: {
    amount: sql<number>`(${qualified(payments.amountFen)} / 100.0)::float8`,
    refunded: sql<number>`(${qualified(payments.refundedFen)} / 100.0)::float8`,
  },
});
