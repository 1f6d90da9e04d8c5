import { sql } from 'drizzle-orm';
import { defineEntity } from '../../server/engine/registry';
import warehouseItem from './resource';
import { warehouseItems } from './table';

export default defineEntity({
  def: warehouseItem,
  table: warehouseItems,
  filters: {
    /** 1: items at or below their alert limit. */
    low: (v) => (Number(v) === 1 ? sql`${warehouseItems.remaining} <= ${warehouseItems.alertBelow}` : undefined),
  },
});
