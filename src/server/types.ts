import type { PriorityGate } from './lib/priority';
import type { PermissionMark } from '../shared/permissions';
import type { MsgKey } from '../shared/messages';
import type { PasswordHasher } from './auth/passwords';
import type { SmsProvider } from './auth/sms';
import type { ServiceBroker } from './broker/types';
import type { Config } from './config';
import type { Db, DbKind } from './db/driver';
import type { Scope } from './db/scope';
import type { UserRow } from './db/schema';
import type { SeedResult } from './db/seed';
import type { Clock } from './lib/clock';
import type { DeviceCache } from './devices/cache';
import type { DeadLetters } from './devices/dead-letters';
import type { DeviceHub } from './devices/hub';
import type { UplinkPipeline } from './ingest/pipeline';
import type { AlarmHub } from './alarms/hub';
import type { IngestStats } from './ingest/stats';
import type { DomainEvents } from './events';
import type { Jobs } from './jobs/jobs';
import type { Storage } from './storage';
import type { Payments } from './payments';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    appVersion: string;
    db: Db;
    dbKind: DbKind;
    seedResult: SeedResult;
    hasher: PasswordHasher;
    sms: SmsProvider;
    broker: ServiceBroker;
    /** Devices' presence events in this process (devices/hub.ts). */
    deviceHub: DeviceHub;
    /** What a stored uplink sets off, in order (ingest/pipeline.ts); a module fills its named stage. */
    uplinks: UplinkPipeline;
    /** imei -> device facts for the broker and the ingest; invalidate after changing a device. */
    deviceCache: DeviceCache;
    ingestStats: IngestStats;
    /** Device messages that could not be taken (devices/dead-letters.ts). */
    deadLetters: DeadLetters;
    /** Alarm events in this process (alarms/hub.ts): raised by the alarm engine, read by the push. */
    alarmHub: AlarmHub;
    /** Urgent work's turn at the database: background writers wait while it is held (lib/priority.ts). */
    priority: PriorityGate;
    /**
     * The payment service (payments/): modules that sell something create and follow payments
     * through its PaymentService methods; the payment routes and the reconcile job use the rest.
     */
    payments: Payments;
    /** Domain events between modules (events.ts). */
    events: DomainEvents;
    /** Background jobs: enqueue, and the runner (jobs/jobs.ts). */
    jobs: Jobs;
    /** Where uploads live (plugins/storage.ts, STORAGE_URL). */
    storage: Storage;
  }

  interface FastifyRequest {
    /** Set by requireAuth; null on public routes. */
    scope: Scope | null;
    user: UserRow | null;
    tokenHash: string | null;
    /** Set by requireAuth when the caller presented an integration key (used or refused): audited per request. */
    integrationKey: { id: number; tenantId: number; userId: number } | null;
  }

  interface FastifyReply {
    /** Answers the success envelope `{code: 0, msg, key, data}`. */
    ok<T>(data: T, key?: MsgKey): FastifyReply;
  }

  /**
   * Per-route access declarations, read by the routes tier's guard (plugins/auth.ts):
   * routes are protected unless `public`; `write` routes refuse visitors; `mark` routes also
   * need that button permission mark (and are write routes).
   */
  interface FastifyContextConfig {
    public?: boolean;
    write?: boolean;
    mark?: PermissionMark;
    /** The caller's roles must grant one of these menus (route names; super administrators pass). */
    menus?: readonly string[];
  }
}
