import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  text,
  smallint,
  doublePrecision,
  jsonb,
  index,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { ts, trigramIndexes } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';

/**
 * Alarm records (docs/requirements/entities.md#video-and-alarms), written by the alarm engine in batches. The device's
 * name, kind and person are copied in, so the log still reads right after the device changes hands.
 */
export const alarmRecords = pgTable(
  'alarm_records',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    // The record outlives the device (a deleted device must not take its alarm history with it).
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
    /** ALARM_TYPES number (1-34). */
    type: smallint('type').notNull(),
    /** Type 19 and type 1: the type this record ends. */
    recoveredType: smallint('recovered_type'),
    code2: text('code2'),
    level: smallint('level').notNull(),
    title: text('title').notNull(),
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    location: text('location'),
    deviceName: text('device_name'),
    deviceKind: text('device_kind'),
    personName: text('person_name'),
    personPhone: text('person_phone'),
    departmentId: integer('department_id'),
    /** The device's user (who the push addresses first). */
    userId: integer('user_id'),
    /** Door units and community devices: community, building, unit, roomNo; cards: cardInfo; device notes. */
    data: jsonb('data').$type<Record<string, string>>(),
    /** When it happened on the device. */
    ts: ts('ts').notNull(),
    /** When the service stored it (what a reconnecting console catches up on). */
    createdAt: ts('created_at').notNull().defaultNow(),
    read: smallint('read').notNull().default(0),
    readAt: ts('read_at'),
    handleState: smallint('handle_state').notNull().default(0),
    handlerId: integer('handler_id'),
    handlerName: text('handler_name'),
    handleNote: text('handle_note'),
    handledAt: ts('handled_at'),
    /** JSON array of the clients' idempotency keys that handled it (a replayed request changes nothing). */
    handleRequestId: text('handle_request_id'),
    /**
     * Acknowledged ("I'm on it", docs/alarms.md#acknowledgement-and-escalation): when and by whom.
     * Set once, by the first operator; handling an alarm that nobody acknowledged sets it too.
     */
    ackedAt: ts('acked_at'),
    ackedBy: integer('acked_by'),
    ackedByName: text('acked_by_name'),
    /** How it was acknowledged when not on a console: 'push' (a phone's notification), 'link' (a reply link). */
    ackedVia: text('acked_via'),
  },
  (t) => [
    ...trigramIndexes('alarm_records', t.imei, t.deviceName, t.personName, t.personPhone),
    index('alarm_records_tenant_ts_idx').on(t.tenantId, t.ts, t.id.desc()),
    index('alarm_records_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('alarm_records_tenant_type_idx').on(t.tenantId, t.type, t.ts),
    index('alarm_records_unread_idx')
      .on(t.tenantId)
      .where(sql`${t.read} = 0`),
    index('alarm_records_device_idx').on(t.deviceId, t.ts),
  ],
);

/**
 * Conditions that last (thresholds, wearing, offline), one row per device and type while they are
 * abnormal. The row is the one truth every replica agrees on: raising is an atomic upsert, ending
 * a DELETE ... RETURNING, so a condition raises one record and recovers once whichever replica
 * sees the message. `raised` is false while the condition waits out the device's alarmDuration.
 */
export const deviceAlarmConditions = pgTable(
  'device_alarm_conditions',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    tenantId: integer('tenant_id').notNull(),
    since: ts('since').notNull(),
    /** When it may raise: since + alarmDuration. */
    dueAt: ts('due_at').notNull(),
    raised: smallint('raised').notNull().default(0),
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.type] })],
);

/**
 * The last one-off alarm per device and type: a second press within the de-duplication window
 * (5 s) is dropped atomically, whichever replica receives it.
 */
export const deviceAlarmLast = pgTable(
  'device_alarm_last',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    at: ts('at').notNull(),
    /** What makes two alarms of one type different events (a card's info, a call's room). */
    tag: text('tag').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.type] })],
);

export type AlarmRow = typeof alarmRecords.$inferSelect;

/** One step of an escalation as it was when the alarm was raised (a later edit of the policy leaves it be). */
export interface EscalationStepPlan {
  /** Seconds after the raise. */
  delay: number;
  target: 'repeat' | 'operators' | 'onDuty' | 'user' | 'role' | 'contacts' | 'address' | 'nearest';
  userId?: number | null;
  /** target 'nearest': how many staff, within how many metres of the alarm. */
  nearestCount?: number | null;
  nearestMeters?: number | null;
  roleId?: number | null;
  address?: string | null;
  channels: ('console' | 'sms' | 'voice' | 'email' | 'push')[];
}

/**
 * The escalation timer of a critical alarm (src/server/escalation/): the policy's steps, the next
 * one and when it is due. The database row is the timer, so a restart or a second replica neither
 * loses nor repeats a step: a sweep claims due rows `for update skip locked` and, in the same
 * transaction, writes the step's notifications and moves `next_step` on.
 */
export const alarmEscalations = pgTable(
  'alarm_escalations',
  {
    alarmId: integer('alarm_id')
      .primaryKey()
      .references(() => alarmRecords.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id'),
    policyName: text('policy_name'),
    steps: jsonb('steps').$type<EscalationStepPlan[]>().notNull(),
    nextStep: smallint('next_step').notNull().default(0),
    /** When the next step fires; null once the escalation ended. */
    dueAt: ts('due_at'),
    /** 0 running, 1 stopped by an acknowledgement (or handling), 2 every step fired. */
    state: smallint('state').notNull().default(0),
    raisedAt: ts('raised_at').notNull(),
  },
  (t) => [
    index('alarm_escalations_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 0`),
    index('alarm_escalations_tenant_idx').on(t.tenantId, t.state),
  ],
);

/**
 * Every notification an escalation step sent, with its outcome (the alarm's timeline): one row per
 * step, channel and target (a console step to several consoles is one row listing their users).
 */
export const alarmNotifications = pgTable(
  'alarm_notifications',
  {
    id: serial('id').primaryKey(),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarmRecords.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The step's index in the escalation (0 = first step). */
    step: smallint('step').notNull(),
    channel: text('channel').notNull(),
    /** Console: the users (ids); others: the phone number or e-mail address. */
    target: text('target').notNull(),
    targetName: text('target_name'),
    userIds: jsonb('user_ids').$type<number[]>(),
    /** 0 waiting to be sent, 1 sent, 2 failed, 3 skipped (nobody to send to). */
    state: smallint('state').notNull().default(0),
    error: text('error'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('alarm_notifications_alarm_idx').on(t.alarmId, t.id),
    index('alarm_notifications_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 0`),
  ],
);
