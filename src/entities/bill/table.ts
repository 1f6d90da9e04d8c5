import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/**
 * A purchase of a SIM package or data for one card (./routes.ts makes them). The card's numbers,
 * carrier and the package's name are copied at purchase, so the bill reads the same after the
 * card or the package changes. Amounts are integer fen; the list shows yuan.
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The payment's order number (app.payments); unique. */
    orderNo: text('order_no').notNull(),
    simCardId: integer('sim_card_id'),
    iccid: text('iccid').notNull(),
    msisdn: text('msisdn'),
    /** SIM_CARRIER of the card. */
    carrier: smallint('carrier'),
    packageId: integer('package_id'),
    packageName: text('package_name').notNull(),
    /** BILL_KIND: 0 package, 1 data top-up, 2 other. */
    kind: smallint('kind').notNull().default(0),
    /** How many validity periods were bought (renewals buy several). */
    periods: integer('periods').notNull().default(1),
    amountFen: integer('amount_fen').notNull(),
    /** ORDER_STATUS: 0 unpaid, 1 paid, 2 cancelled. */
    status: smallint('status').notNull().default(0),
    /** PAY_STATUS of the payment, mirrored. */
    payStatus: smallint('pay_status').notNull().default(0),
    /** PAY_METHOD code. */
    method: smallint('method').notNull().default(0),
    payUrl: text('pay_url'),
    refundedFen: integer('refunded_fen').notNull().default(0),
    paidAt: ts('paid_at'),
    refundedAt: ts('refunded_at'),
    /** The package reached the card (applyPackage ran): fulfilment happens once. */
    applied: boolean('applied').notNull().default(false),
    userId: integer('user_id'),
    userName: text('user_name'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('bills', t.orderNo, t.iccid, t.msisdn, t.packageName),
    uniqueIndex('bills_order_no_uq').on(t.orderNo),
    index('bills_tenant_idx').on(t.tenantId, t.id),
    index('bills_tenant_order_idx').on(t.tenantId, t.orderNo),
    index('bills_tenant_iccid_idx').on(t.tenantId, t.iccid),
    index('bills_tenant_msisdn_idx').on(t.tenantId, t.msisdn),
    index('bills_tenant_carrier_idx').on(t.tenantId, t.carrier),
    index('bills_tenant_package_idx').on(t.tenantId, t.packageId),
    index('bills_tenant_package_name_idx').on(t.tenantId, t.packageName),
    index('bills_tenant_kind_idx').on(t.tenantId, t.kind),
    index('bills_tenant_status_idx').on(t.tenantId, t.status, t.id),
    index('bills_tenant_pay_status_idx').on(t.tenantId, t.payStatus),
    index('bills_tenant_method_idx').on(t.tenantId, t.method),
    index('bills_tenant_paid_idx').on(t.tenantId, t.paidAt),
    index('bills_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('bills_card_idx').on(t.simCardId, t.packageId),
  ],
);
