import { doublePrecision, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { simPackages } from '../sim-package/table';

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
