import { and, eq, ne, sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  type PgColumn,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../../server/db/schema-devices';
import { tenants } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { simPackages } from '../sim-package/server';
import { Code } from '../../shared/api';
import { fail } from '../../server/lib/api-error';
import simCard, { SIM_SOURCE, SIM_STATE } from './resource';

export { carrierLines } from '../../server/carrier/schema';

/**
 * SIM cards (/SIMCard, /DeviceSim). A card is bound to at most one device and a device has at
 * most one card (`deviceId` unique; `imei` is the device's, kept for lists and imports).
 * State, package and usage are the carrier's answers (src/server/carrier/), written by ./actions.ts.
 */
export const simCards = pgTable(
  'sim_cards',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull(),
    imsi: text('imsi'),
    /** Access number (MSISDN). */
    msisdn: text('msisdn'),
    /** The bound device (null: unbound) and its IMEI. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei'),
    supplyCode: text('supply_code'),
    /** SIM_CARRIER: 1 China Mobile, 2 China Unicom, 3 China Telecom. */
    carrier: smallint('carrier').notNull().default(1),
    /** SIM_STATE (./resource.ts): 1 activatable ... 8 exception. */
    state: smallint('state').notNull().default(1),
    packageId: integer('package_id').references(() => simPackages.id, { onDelete: 'set null' }),
    packageStartedAt: ts('package_started_at'),
    packageExpiresAt: ts('package_expires_at'),
    openedAt: ts('opened_at'),
    activatedAt: ts('activated_at'),
    /** This month's usage as the carrier last answered: YYYY-MM and the counters. */
    usageMonth: text('usage_month'),
    dataUsedMb: doublePrecision('data_used_mb').notNull().default(0),
    smsUsed: integer('sms_used').notNull().default(0),
    voiceUsedMin: integer('voice_used_min').notNull().default(0),
    usageSyncedAt: ts('usage_synced_at'),
    /** SIM_SOURCE: 0 added or imported, 1 found from a device's reported ICCID. */
    source: smallint('source').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('sim_cards', t.iccid, t.imsi, t.msisdn, t.imei, t.supplyCode),
    uniqueIndex('sim_cards_tenant_iccid_uq').on(t.tenantId, t.iccid),
    uniqueIndex('sim_cards_device_uq').on(t.deviceId),
    index('sim_cards_tenant_idx').on(t.tenantId, t.id),
    index('sim_cards_tenant_msisdn_idx').on(t.tenantId, t.msisdn),
    index('sim_cards_tenant_imei_idx').on(t.tenantId, t.imei),
    index('sim_cards_tenant_supply_idx').on(t.tenantId, t.supplyCode),
    index('sim_cards_tenant_carrier_idx').on(t.tenantId, t.carrier),
    index('sim_cards_tenant_state_idx').on(t.tenantId, t.state, t.id),
    index('sim_cards_tenant_package_idx').on(t.tenantId, t.packageId),
    index('sim_cards_tenant_expires_idx').on(t.tenantId, t.packageExpiresAt),
    index('sim_cards_tenant_opened_idx').on(t.tenantId, t.openedAt),
    index('sim_cards_tenant_activated_idx').on(t.tenantId, t.activatedAt),
    index('sim_cards_tenant_data_idx').on(t.tenantId, t.dataUsedMb),
    index('sim_cards_tenant_source_idx').on(t.tenantId, t.source),
    index('sim_cards_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('sim_cards_iccid_idx').on(t.iccid),
  ],
);

/**
 * Each card's usage per month (YYYY-MM, the carrier's month), kept when the month is over: the
 * carrier's count is written here beside the card's own counters (./actions.ts syncUsage), so
 * /Report shows usage by month after the card's counters moved on to the next one.
 */
export const simUsageMonths = pgTable(
  'sim_usage_months',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    simCardId: integer('sim_card_id')
      .notNull()
      .references(() => simCards.id, { onDelete: 'cascade' }),
    /** The card's carrier when counted (SIM_CARRIER). */
    carrier: smallint('carrier').notNull(),
    month: text('month').notNull(),
    dataMb: doublePrecision('data_mb').notNull().default(0),
    sms: integer('sms').notNull().default(0),
    voiceMin: integer('voice_min').notNull().default(0),
    syncedAt: ts('synced_at').notNull(),
  },
  (t) => [
    uniqueIndex('sim_usage_months_card_month_uq').on(t.simCardId, t.month),
    index('sim_usage_months_tenant_month_idx').on(t.tenantId, t.month),
  ],
);

const allowance = (column: PgColumn) =>
  sql<number>`(select ${qualified(column)} from ${simPackages} where ${qualified(simPackages.id)} = ${qualified(simCards.packageId)})`;

export default defineEntity({
  def: simCard,
  table: simCards,
  computed: {
    packageDataMb: allowance(simPackages.dataMb),
    packageSms: allowance(simPackages.smsCount),
    packageVoice: allowance(simPackages.voiceMinutes),
  },
  hooks: {
    // ICCIDs are unique in a company; an IMEI (form or import) binds the card to that device of
    // the company, which may have no other card; a new card is activatable, or live active when
    // it comes with an activation time.
    async beforeWrite(_ctx, tx, values, input, tenantId, existing) {
      if (typeof values.iccid === 'string') {
        const [dup] = await tx
          .select({ id: simCards.id })
          .from(simCards)
          .where(
            and(
              eq(simCards.tenantId, tenantId),
              eq(simCards.iccid, values.iccid),
              existing ? ne(simCards.id, existing.id) : undefined,
            ),
          );
        if (dup) fail(Code.BAD_REQUEST, 'iccidTaken');
      }
      if (input.imei !== undefined) {
        const imei = typeof input.imei === 'string' ? input.imei.trim() : '';
        if (!imei) {
          values.imei = null;
          values.deviceId = null;
        } else {
          const [device] = await tx
            .select({ id: devices.id, imei: devices.imei })
            .from(devices)
            .where(and(eq(devices.tenantId, tenantId), eq(devices.imei, imei)));
          if (!device) fail(Code.BAD_REQUEST, 'refInvalid');
          const [other] = await tx
            .select({ id: simCards.id })
            .from(simCards)
            .where(and(eq(simCards.deviceId, device.id), existing ? ne(simCards.id, existing.id) : undefined));
          if (other) fail(Code.BAD_REQUEST, 'deviceHasSim');
          values.imei = device.imei;
          values.deviceId = device.id;
        }
      }
      if (!existing) {
        values.state = values.activatedAt ? SIM_STATE.liveActive : SIM_STATE.activatable;
        values.source = SIM_SOURCE.added;
      }
    },
  },
});
