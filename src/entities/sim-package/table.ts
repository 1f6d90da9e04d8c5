import { doublePrecision, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/**
 * The SIM card packages a company sells (/Package, /packageList). `price` is yuan with two
 * decimals (what the form edits); the payment interface takes fen: `yuanToFen(price)`.
 */
export const simPackages = pgTable(
  'sim_packages',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The carrier's package code changePackage sends; null: `PKG-<id>`. */
    code: text('code'),
    /** Yuan, two decimals. */
    price: doublePrecision('price').notNull().default(0),
    /** PACKAGE_TYPE: 0 data package, 1 add-on, 2 top-up. */
    type: smallint('type').notNull().default(0),
    validityDays: integer('validity_days').notNull().default(30),
    dataMb: integer('data_mb').notNull().default(0),
    multiplier: doublePrecision('multiplier').notNull().default(1),
    smsCount: integer('sms_count').notNull().default(0),
    voiceMinutes: integer('voice_minutes').notNull().default(0),
    /** CARD_TYPE: 0 any, 1 consumer, 2 industrial, 3 NB-IoT. */
    cardType: smallint('card_type').notNull().default(0),
    /** Language code 0 Chinese ... 6 Spanish (src/shared/i18n.ts LANG_CODES). */
    language: smallint('language').notNull().default(0),
    note: text('note'),
    /** STATUS: 1 enabled (on sale), 0 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('sim_packages', t.name, t.code),
    index('sim_packages_tenant_idx').on(t.tenantId, t.id),
    index('sim_packages_tenant_name_idx').on(t.tenantId, t.name),
    index('sim_packages_tenant_price_idx').on(t.tenantId, t.price),
    index('sim_packages_tenant_type_idx').on(t.tenantId, t.type),
    index('sim_packages_tenant_validity_idx').on(t.tenantId, t.validityDays),
    index('sim_packages_tenant_data_idx').on(t.tenantId, t.dataMb),
    index('sim_packages_tenant_status_idx').on(t.tenantId, t.status),
    index('sim_packages_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
