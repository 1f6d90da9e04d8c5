import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { productionRecords } from '../production-record/table';
import { products } from '../device-product/table';
import { BATCH_STATE, QA_RESULT } from './resource';

/** Production batches (the manufacturer's; no tenant): written by super administrators only (guardWrite, ./routes.ts). */
export const productionBatches = pgTable(
  'production_batches',
  {
    id: serial('id').primaryKey(),
    batchNo: text('batch_no').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantityPlanned: integer('quantity_planned').notNull(),
    /** BATCH_STATE; moved by ./routes.ts only. */
    state: smallint('state').notNull().default(BATCH_STATE.planned),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('production_batches', t.batchNo),
    uniqueIndex('production_batches_batch_no_uq').on(t.batchNo),
    index('production_batches_product_idx').on(t.productId),
    index('production_batches_state_idx').on(t.state, t.id),
    index('production_batches_planned_idx').on(t.quantityPlanned),
    index('production_batches_created_idx').on(t.createdAt),
  ],
);

/** The production records of a batch (a record is in at most one) and each one's QA result. */
export const productionBatchRecords = pgTable(
  'production_batch_records',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => productionBatches.id, { onDelete: 'cascade' }),
    recordId: integer('record_id')
      .notNull()
      .references(() => productionRecords.id, { onDelete: 'cascade' }),
    /** QA_RESULT: 0 pending, 1 passed, 2 failed. */
    qa: smallint('qa').notNull().default(QA_RESULT.pending),
    qaNote: text('qa_note'),
    qaBy: text('qa_by'),
    qaAt: ts('qa_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('production_batch_records_record_uq').on(t.recordId),
    index('production_batch_records_batch_idx').on(t.batchId, t.qa),
  ],
);
