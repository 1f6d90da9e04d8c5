import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/** What modules asked the payment service to collect (src/server/payments/service.ts writes them). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Ours, unique: P + yyyymmddHHMMss + 6 random digits; the providers' out_trade_no. */
    orderNo: text('order_no').notNull(),
    /** What it pays for: the selling module's kind ('simPackage', 'mallOrder' ...) and its reference. */
    purposeKind: text('purpose_kind').notNull(),
    purposeRef: text('purpose_ref').notNull(),
    subject: text('subject').notNull(),
    amountFen: integer('amount_fen').notNull(),
    currency: text('currency').notNull().default('CNY'),
    /** PAY_METHOD code. */
    method: integer('method').notNull(),
    /** PAY_STATUS code, moved only through PAY_MACHINE. */
    status: integer('status').notNull().default(0),
    /** The provider's id of the order / transaction. */
    providerRef: text('provider_ref'),
    refundedFen: integer('refunded_fen').notNull().default(0),
    refundReason: text('refund_reason'),
    paidAt: ts('paid_at'),
    closedAt: ts('closed_at'),
    /** Set once every onPaid handler of the purpose succeeded; null means fulfilment is still owed. */
    fulfilledAt: ts('fulfilled_at'),
    /** Same for onRefunded handlers once money went back. */
    refundFulfilledAt: ts('refund_fulfilled_at'),
    expiresAt: ts('expires_at').notNull(),
    /** Reconcile's claim: the last time a replica took the order to sync (select ... for update skip locked). */
    syncedAt: ts('synced_at'),
    /** Fulfilment's claim: until then one replica runs the handlers, the others leave it. */
    fulfilLease: ts('fulfil_lease'),
    userId: integer('user_id'),
    /** Console path the payer returns to (e.g. '/bilList'). */
    returnPath: text('return_path'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('payments', t.orderNo, t.subject, t.purposeRef, t.providerRef),
    uniqueIndex('payments_order_no_idx').on(t.orderNo),
    index('payments_tenant_id_idx').on(t.tenantId, t.id),
    index('payments_tenant_created_idx').on(t.tenantId, t.createdAt, t.id.desc()),
    index('payments_tenant_order_no_idx').on(t.tenantId, t.orderNo),
    index('payments_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('payments_tenant_method_idx').on(t.tenantId, t.method, t.createdAt),
    index('payments_tenant_paid_idx').on(t.tenantId, t.paidAt),
    index('payments_tenant_purpose_idx').on(t.tenantId, t.purposeKind, t.purposeRef),
    index('payments_tenant_purpose_ref_idx').on(t.tenantId, t.purposeRef),
    // Reconcile's scan: open orders by age, and paid ones still owing fulfilment.
    index('payments_open_idx').on(t.status, t.createdAt),
  ],
);

/** Everything that happened to a payment (creation, every callback verified or not, queries, refunds). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    /** Null when a callback named an order nobody knows. */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    /** PAY_EVENT_KINDS. */
    kind: text('kind').notNull(),
    /** PAY_METHOD name of the provider involved. */
    method: text('method'),
    verified: boolean('verified').notNull().default(false),
    payload: jsonb('payload'),
    /** What the service made of it: 'paid', 'duplicate', 'amountMismatch', 'badSignature' ... */
    result: text('result').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    index('payment_events_order_idx').on(t.orderNo, t.id),
    index('payment_events_tenant_idx').on(t.tenantId, t.at),
  ],
);

/**
 * The sandbox provider's own ledger (src/server/payments/providers/sandbox.ts): what the "provider"
 * knows about the orders it was given, so its query answers truthfully on any replica.
 */
export const paySandboxOrders = pgTable('pay_sandbox_orders', {
  orderNo: text('order_no').primaryKey(),
  subject: text('subject').notNull(),
  amountFen: integer('amount_fen').notNull(),
  currency: text('currency').notNull(),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url').notNull(),
  /** 'unpaid' | 'paid' | 'failed' | 'closed' | 'refunded'. */
  state: text('state').notNull().default('unpaid'),
  tradeNo: text('trade_no').notNull(),
  refundedFen: integer('refunded_fen').notNull().default(0),
  paidAt: ts('paid_at'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});
