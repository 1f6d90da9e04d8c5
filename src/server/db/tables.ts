import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  text,
  integer,
  uniqueIndex,
  index,
  jsonb,
  smallint,
  bigserial,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { tenants } from '../../entities/tenant/table';
import { users } from '../../entities/user/table';
import type { IntegrationEvent } from '../../shared/integration-events';
import { ts, createdAt } from './columns';

// The tables that belong to no entity folder (sessions, push subscriptions, jobs, the integrations'
// outbox, settings, sign-in codes and throttles, uploads, the simulated carrier's lines); each entity
// folder's tables are in its table.ts. schema.ts re-exports both.

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * A browser or installed app subscribed to Web Push for its user (src/server/webpush/,
 * docs/alarms.md "Push to phones"): the push service's endpoint and the browser's keys.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
    lastDeliveryAt: ts('last_delivery_at'),
    /** The push service's last answer (201, 429, 500 ...; 0: unreachable), null before the first. */
    lastStatus: integer('last_status'),
    /** Answers other than success since the last success or subscription. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * What a user wants pushed to their phones (docs/alarms.md "Push to phones"): PHONE_PUSH_KINDS
 * (src/shared/alarms/phone-push.ts). No row: every kind. An SOS reaches on-duty staff whatever
 * they chose.
 */
export const pushPreferences = pgTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<string[]>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Background jobs (src/shared/jobs.ts): the queue every replica claims from and the user's
 * download-task list in one table, so the DownloadTask screen shows exactly what runs.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Handler name ('export'). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** What the handler needs, including the scope the job acts with (captured at request time). */
    params: jsonb('params').notNull(),
    /** JOB_STATE. */
    state: smallint('state').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    rows: integer('rows'),
    total: integer('total'),
    fileName: text('file_name'),
    /** Where the file lives in the job store; null until done and after it expired. */
    fileKey: text('file_key'),
    contentType: text('content_type'),
    bytes: integer('bytes'),
    error: text('error'),
    /** What the console shows of the outcome: an import's counts and first errors. */
    result: jsonb('result'),
    /** The runner (process) holding it and when it last reported. */
    claimedBy: text('claimed_by'),
    heartbeatAt: ts('heartbeat_at'),
    /** Random token of the current download link, and when that link stops working. */
    linkToken: text('link_token'),
    linkExpiresAt: ts('link_expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_user_idx').on(t.userId, t.id),
    index('jobs_state_idx').on(t.state, t.id),
    uniqueIndex('jobs_link_uq').on(t.linkToken),
  ],
);

/** Outbox row states (src/server/integrations/outbox.ts). */
export const OUTBOX_STATE = { pending: 0, delivered: 1, failed: 2 } as const;

/**
 * The durable outbox of the integrations (docs/integrations.md "Delivery"): one row per event and
 * target (a broker's positions: one row per batch of them), written off the hot path and delivered by the dispatcher of any replica. The unique key
 * makes an event reach a target once however often it is written; a pending row's `next_at` is
 * both when it falls due and, once claimed, the end of the claim's lease. The rows of a target are
 * its deliveries list (the last 1,000 kept).
 */
export const integrationOutbox = pgTable(
  'integration_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** TargetKind.kind: 'webhook', 'forward'. */
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** One event; a batching kind's (forwarding's) positions are rows of many (src/server/integrations/outbox.ts). */
    payload: jsonb('payload').$type<IntegrationEvent | IntegrationEvent[]>().notNull(),
    state: smallint('state').notNull().default(OUTBOX_STATE.pending),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull(),
    /** Retried until then (24 h from the write, or from a "send again"); failed after. */
    retryUntil: ts('retry_until').notNull(),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastExcerpt: text('last_excerpt'),
    lastAt: ts('last_at'),
    createdAt: ts('created_at').notNull(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('integration_outbox_event_uq').on(t.targetKind, t.targetId, t.eventId),
    index('integration_outbox_due_idx')
      .on(t.targetKind, t.nextAt, t.id)
      .where(sql`state = 0`),
    index('integration_outbox_target_idx').on(t.targetKind, t.targetId, t.id),
    index('integration_outbox_tenant_idx').on(t.tenantId),
  ],
);

/** Platform settings, one value per key (generated keys, the sealing key of integration secrets). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** One live code per phone; a new send replaces it. */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: ts('sent_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  tries: integer('tries').notNull().default(0),
});

/** Throttling counters live in the database so every replica sees the same window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  failures: integer('failures').notNull().default(0),
  /** The latest failure: back-off counts from it. */
  lastAt: ts('last_at'),
});

/** Files a tenant uploaded (floor pictures ...): what counts against its UPLOAD_QUOTA_MB. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_name_uq').on(t.name), index('uploads_tenant_idx').on(t.tenantId)],
);

/** Auto-login tickets already exchanged: a ticket opens one session, once. */
export const usedTickets = pgTable('used_tickets', {
  nonce: text('nonce').primaryKey(),
  usedAt: ts('used_at').notNull(),
});

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
