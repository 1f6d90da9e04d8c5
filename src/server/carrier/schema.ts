import { doublePrecision, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../db/columns';

/**
 * The simulated carrier's own books (./simulated.ts): one line per ICCID it was asked about, in
 * the database so every replica's carrier agrees. A real carrier keeps these on its platform.
 * Not tenant data: the carrier knows cards, not companies.
 */
export const carrierLines = pgTable('carrier_sim_lines', {
  iccid: text('iccid').primaryKey(),
  /** CARRIER_LINE: 1 active, 2 suspended. */
  state: smallint('state').notNull().default(1),
  packageCode: text('package_code'),
  /** The month the counters are for, YYYY-MM; a new month starts them at zero. */
  month: text('month').notNull(),
  dataMb: doublePrecision('data_mb').notNull().default(0),
  /** Fractional counts (usage accrues by the hour); answers round down. */
  sms: doublePrecision('sms').notNull().default(0),
  voiceMin: doublePrecision('voice_min').notNull().default(0),
  /** Up to when the counters were grown (usage accrues with time while active). */
  grownAt: ts('grown_at').notNull(),
  createdAt: createdAt(),
});
