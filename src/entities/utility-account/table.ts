import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { communities } from '../community/table';
import { rooms } from '../room/table';

/**
 * A room's prepaid electricity or water account. The balance is integer fen (`balanceFen`, what
 * every charge and top-up moves); `balance` is the same in yuan, generated, for the list.
 */
export const utilityAccounts = pgTable(
  'utility_accounts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id').notNull(),
    unitId: integer('unit_id').notNull(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** UTILITY_KIND: 1 electricity (kWh), 2 water (m³). */
    kind: smallint('kind').notNull(),
    meterNo: text('meter_no').notNull(),
    /** The device (a 4G gateway / DTU) the meter reports through; only it may post this meter's readings. */
    gatewayImei: text('gateway_imei'),
    balanceFen: integer('balance_fen').notNull().default(0),
    balance: doublePrecision('balance').generatedAlwaysAs(sql`"balance_fen"::float8 / 100`),
    /** Yuan: below it the account is low and raises one alarm. */
    threshold: doublePrecision('threshold').notNull().default(10),
    /** The meter's cumulative register at the last accepted reading (kWh or m³); null before the first. */
    lastReading: doublePrecision('last_reading'),
    lastReadAt: ts('last_read_at'),
    /** UTILITY_STATE. */
    state: smallint('state').notNull().default(0),
    /** The open low-balance alarm's record id: one alarm per crossing, cleared (recovery record) when topped up. */
    alarmId: integer('alarm_id'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('utility_accounts', t.meterNo),
    uniqueIndex('utility_accounts_room_kind_uq').on(t.tenantId, t.roomId, t.kind),
    uniqueIndex('utility_accounts_meter_uq').on(t.tenantId, t.kind, t.meterNo),
    index('utility_accounts_tenant_id_idx').on(t.tenantId, t.id),
    index('utility_accounts_tenant_kind_idx').on(t.tenantId, t.kind, t.id),
    index('utility_accounts_tenant_community_idx').on(t.tenantId, t.communityId),
    index('utility_accounts_tenant_building_idx').on(t.tenantId, t.buildingId),
    index('utility_accounts_tenant_room_idx').on(t.tenantId, t.roomId),
    index('utility_accounts_tenant_state_idx').on(t.tenantId, t.state),
    index('utility_accounts_tenant_balance_idx').on(t.tenantId, t.balance),
    index('utility_accounts_tenant_threshold_idx').on(t.tenantId, t.threshold),
    index('utility_accounts_tenant_meter_idx').on(t.tenantId, t.meterNo),
    index('utility_accounts_tenant_gateway_idx').on(t.tenantId, t.gatewayImei),
    index('utility_accounts_tenant_read_idx').on(t.tenantId, t.lastReadAt),
  ],
);

/** Every movement of an account: charged readings, credited top-ups, refused and held readings (LEDGER_TYPE). */
export const utilityLedger = pgTable(
  'utility_ledger',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => utilityAccounts.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** Readings: the register read, the consumption since the last, the rate (yuan) applied. */
    reading: doublePrecision('reading'),
    delta: doublePrecision('delta'),
    rate: doublePrecision('rate'),
    /** Fen: negative for a charge, positive for a top-up; 0 for refused and held readings. */
    amountFen: integer('amount_fen').notNull().default(0),
    balanceFen: integer('balance_fen').notNull(),
    /** READING_SOURCE: 0 the meter's gateway, 1 entered in the console. */
    source: smallint('source').notNull().default(0),
    topupId: integer('topup_id'),
    userName: text('user_name'),
    note: text('note'),
    at: ts('at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('utility_ledger_account_idx').on(t.accountId, t.at, t.id),
    index('utility_ledger_tenant_idx').on(t.tenantId, t.id),
  ],
);

/** A top-up order: paid through the payment interface (purpose kind 'utility', ref = its id), credited once. */
export const utilityTopups = pgTable(
  'utility_topups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => utilityAccounts.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    method: text('method').notNull(),
    /** The payment's order number. */
    orderNo: text('order_no'),
    /** ORDER_STATUS: 0 unpaid, 1 paid, 2 cancelled. */
    status: smallint('status').notNull().default(0),
    credited: boolean('credited').notNull().default(false),
    userId: integer('user_id'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('utility_topups_account_idx').on(t.accountId, t.id),
    index('utility_topups_tenant_idx').on(t.tenantId, t.id),
    index('utility_topups_order_idx').on(t.orderNo),
  ],
);
