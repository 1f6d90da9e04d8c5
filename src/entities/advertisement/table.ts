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
import { devices } from '../device/table';
import { tenants } from '../tenant/table';

export const advertisements = pgTable(
  'advertisements',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The advertiser and their phone. */
    client: text('client').notNull(),
    phone: text('phone').notNull(),
    /** The stored upload (an ad_videos name of the tenant), or a path under public/ for the demo. */
    video: text('video').notNull(),
    poster: text('poster'),
    /** Measured from the file by ffmpeg at upload. */
    durationS: integer('duration_s').notNull().default(0),
    size: integer('size'),
    /** Yuan per play. */
    fee: doublePrecision('fee').notNull().default(0),
    /** Where it runs: its communities' and units' door units (unit_door_units). */
    communityIds: integer('community_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    unitIds: integer('unit_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Schedule (src/shared/devices/ads.ts): dates YYYY-MM-DD, daily window HH:MM; all optional. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    dailyStart: text('daily_start'),
    dailyEnd: text('daily_end'),
    /** STATUS: 1 enabled, 0 disabled (a disabled ad is not distributed). */
    status: smallint('status').notNull().default(1),
    /** AD_REVIEW: 0 pending, 1 passed, 2 failed, 3 delivered. */
    reviewState: smallint('review_state').notNull().default(0),
    reviewReason: text('review_reason'),
    reviewerName: text('reviewer_name'),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('advertisements', t.title, t.client, t.phone),
    index('advertisements_tenant_idx').on(t.tenantId, t.id),
    index('advertisements_tenant_title_idx').on(t.tenantId, t.title),
    index('advertisements_tenant_client_idx').on(t.tenantId, t.client),
    index('advertisements_tenant_review_idx').on(t.tenantId, t.reviewState, t.id),
    index('advertisements_tenant_status_idx').on(t.tenantId, t.status),
    index('advertisements_tenant_fee_idx').on(t.tenantId, t.fee),
    index('advertisements_tenant_duration_idx').on(t.tenantId, t.durationS),
    index('advertisements_tenant_start_idx').on(t.tenantId, t.startDate),
    index('advertisements_tenant_end_idx').on(t.tenantId, t.endDate),
    index('advertisements_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** What `ossUser/uploadAdvertVideo` measured of each video it took (./video.ts): an ad may only use these. */
export const adVideos = pgTable(
  'ad_videos',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    durationS: integer('duration_s').notNull(),
    poster: text('poster'),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ad_videos_tenant_name_uq').on(t.tenantId, t.name)],
);

/**
 * An ad on one door unit: the `adPush` command that took it there (its delivery state and ack are
 * the command's, src/server/devices/commands.ts) and, once withdrawn, the `adWithdraw` command.
 */
export const adDeliveries = pgTable(
  'ad_deliveries',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    adId: integer('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    /** device_commands.id of the latest adPush (a re-send replaces it). */
    commandId: integer('command_id'),
    /** adPush commands sent: more than one is a re-send. */
    attempts: integer('attempts').notNull().default(0),
    withdrawn: boolean('withdrawn').notNull().default(false),
    withdrawCommandId: integer('withdraw_command_id'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('ad_deliveries', t.imei),
    uniqueIndex('ad_deliveries_ad_device_uq').on(t.adId, t.deviceId),
    index('ad_deliveries_tenant_idx').on(t.tenantId, t.id),
    index('ad_deliveries_tenant_ad_idx').on(t.tenantId, t.adId, t.id),
    index('ad_deliveries_tenant_imei_idx').on(t.tenantId, t.imei),
    index('ad_deliveries_tenant_withdrawn_idx').on(t.tenantId, t.withdrawn),
    index('ad_deliveries_device_idx').on(t.deviceId),
  ],
);

/** A door unit's play reports (`adPlay` uplinks); a report repeated with the same start is stored once. */
export const adPlays = pgTable(
  'ad_plays',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    adId: integer('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    startedAt: ts('started_at').notNull(),
    seconds: integer('seconds').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('ad_plays', t.imei),
    uniqueIndex('ad_plays_device_ad_start_uq').on(t.deviceId, t.adId, t.startedAt),
    index('ad_plays_tenant_idx').on(t.tenantId, t.id),
    index('ad_plays_tenant_ad_idx').on(t.tenantId, t.adId, t.startedAt),
    index('ad_plays_tenant_imei_idx').on(t.tenantId, t.imei, t.startedAt),
    index('ad_plays_tenant_started_idx').on(t.tenantId, t.startedAt, t.id.desc()),
    index('ad_plays_tenant_seconds_idx').on(t.tenantId, t.seconds),
    index('ad_plays_ad_idx').on(t.adId),
  ],
);
