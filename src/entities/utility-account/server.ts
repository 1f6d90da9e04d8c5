import { and, eq, sql } from 'drizzle-orm';
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
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/server';
import { rooms } from '../room/server';
import { units } from '../unit/server';
import utilityAccount, { UTILITY_KIND, utilityStateOf } from './resource';

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

/** The rate that applies to an account: its unit's override, else its community's (yuan per kWh or m³). */
export const rateOf = sql<number>`(select coalesce(case when ${qualified(utilityAccounts.kind)} = ${UTILITY_KIND.electricity} then u.electricity_rate else u.water_rate end, case when ${qualified(utilityAccounts.kind)} = ${UTILITY_KIND.electricity} then c.electricity_rate else c.water_rate end) from ${units} u join ${communities} c on c.id = u.community_id where u.id = ${qualified(utilityAccounts.unitId)})`;

export default defineEntity({
  def: utilityAccount,
  table: utilityAccounts,
  computed: { rate: rateOf },
  hooks: {
    // The room must be the tenant's: its unit, building and community are copied; one account per room and kind, one meter number per kind.
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      if (!existing) {
        const [r] = await tx
          .select({ unitId: rooms.unitId, buildingId: rooms.buildingId, communityId: rooms.communityId })
          .from(rooms)
          .where(and(eq(rooms.id, Number(values.roomId)), eq(rooms.tenantId, tenantId)));
        if (!r) fail(Code.BAD_REQUEST, 'refInvalid');
        Object.assign(values, r);
        const [taken] = await tx
          .select({ id: utilityAccounts.id })
          .from(utilityAccounts)
          .where(
            and(
              eq(utilityAccounts.tenantId, tenantId),
              eq(utilityAccounts.roomId, Number(values.roomId)),
              eq(utilityAccounts.kind, Number(values.kind)),
            ),
          );
        if (taken) fail(Code.BAD_REQUEST, 'utilityAccountExists');
        if (values.threshold === undefined || values.threshold === null)
          values.threshold = Number(values.kind) === UTILITY_KIND.water ? 10 : 20;
        values.state = utilityStateOf(0, Math.round(Number(values.threshold) * 100));
      } else if (values.threshold !== undefined) {
        const [row] = await tx
          .select({ balanceFen: utilityAccounts.balanceFen })
          .from(utilityAccounts)
          .where(eq(utilityAccounts.id, existing.id));
        if (row) values.state = utilityStateOf(row.balanceFen, Math.round(Number(values.threshold ?? 0) * 100));
      }
      if (values.meterNo !== undefined) {
        const [kindRow] = existing
          ? await tx
              .select({ kind: utilityAccounts.kind })
              .from(utilityAccounts)
              .where(eq(utilityAccounts.id, existing.id))
          : [{ kind: Number(values.kind) }];
        const [dup] = await tx
          .select({ id: utilityAccounts.id })
          .from(utilityAccounts)
          .where(
            and(
              eq(utilityAccounts.tenantId, tenantId),
              eq(utilityAccounts.kind, kindRow?.kind ?? 0),
              eq(utilityAccounts.meterNo, String(values.meterNo)),
            ),
          );
        if (dup && dup.id !== existing?.id) fail(Code.BAD_REQUEST, 'meterNoTaken');
      }
    },
  },
});
