import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import mallOrder from './resource';
import { mallOrders } from './table';

const yuan = (col: Parameters<typeof qualified>[0]) => sql<number>`(${qualified(col)} / 100.0)::float8`;

export default defineEntity({
  def: mallOrder,
  table: mallOrders,
  computed: {
    goods: yuan(mallOrders.goodsFen),
    freight: yuan(mallOrders.freightFen),
    total: yuan(mallOrders.totalFen),
    refunded: yuan(mallOrders.refundedFen),
  },
});
