import { EventEmitter } from 'node:events';
import type { Job } from '../shared/jobs';
import type { Scope } from './db/scope';

/** A registry resource's rows changed through the engine (add, update, delete, import). */
export interface ResourceChange {
  kind: string;
  name: string;
  action: 'add' | 'update' | 'delete';
  id: number;
  tenantId: number | undefined;
  scope: Scope;
  /** The row as the API answers it, before and after (absent on add and delete respectively). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Domain events inside one process: a module announces what happened, and the modules that care
 * subscribe by name (never by matching another module's URLs). Listeners run synchronously and
 * must not throw; slow work is queued by the listener itself.
 */
export interface DomainEventMap {
  /** A device's settings changed (its alarm limits and durations are stale). */
  'device.changed': [change: { imei: string }];
  /** One row per event, emitted after the write committed. */
  'resource.changed': [change: ResourceChange];
  /** Door units were installed at or taken off a unit of the company (src/entities/unit/routes.ts). */
  'doorUnits.changed': [change: { tenantId: number }];
  /**
   * Sessions were revoked and the revocation stored (logout, a new password, a user disabled): the
   * live connections they opened (the console's MQTT, the voice socket) are dropped at once.
   */
  'sessions.revoked': [match: { userId?: number; tokenHash?: string }];
  /** One of a user's background jobs moved (state or progress). */
  'job.changed': [change: { userId: number; job: Job }];
  /** An approval request ended (src/server/approvals/): its last level approved or a level rejected; emitted after the commit. */
  'approval.decided': [
    decision: {
      tenantId: number;
      kind: string;
      refId: number;
      approvalId: number;
      result: 'approved' | 'rejected';
      comment?: string;
    },
  ];
}

/**
 * Every module that keeps a cache or a projection listens here (fences, alarms, push, attendance,
 * entities ...): more than Node's default ten listeners per event is the design, not a leak.
 */
export const MODULE_LISTENERS = 50;

export class DomainEvents extends EventEmitter<DomainEventMap> {
  constructor() {
    super();
    this.setMaxListeners(MODULE_LISTENERS);
  }
}
