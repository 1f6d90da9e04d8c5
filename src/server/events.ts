import { EventEmitter } from 'node:events';
import type { Job } from '../shared/jobs';

/**
 * Domain events inside one process: a module announces what happened, and the modules that care
 * subscribe by name (never by matching another module's URLs). Listeners run synchronously and
 * must not throw; slow work is queued by the listener itself.
 */
export interface DomainEventMap {
  /** A device's stored fields or settings changed (caches of it are stale). */
  'device.changed': [change: { id?: number; imei?: string }];
  /** One of a user's background jobs moved (state or progress). */
  'job.changed': [change: { userId: number; job: Job }];
}

export class DomainEvents extends EventEmitter<DomainEventMap> {}
