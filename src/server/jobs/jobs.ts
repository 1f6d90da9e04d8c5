import type { FastifyInstance } from 'fastify';
import type { Scope } from '../db/scope';
import { jobs } from '../db/schema';
import { jobOf } from './rows';
import type { Job } from '../../shared/jobs';
import type { JobRunner } from './runner';
import type { JobFiles } from './files';

/** What the routes use: enqueue a job for the caller, and the runner and file store behind it. */
export class Jobs {
  constructor(
    private readonly app: FastifyInstance,
    readonly runner: JobRunner,
    readonly files: JobFiles,
  ) {}

  async enqueue(scope: Scope, kind: string, title: string, params: Record<string, unknown>): Promise<Job> {
    const [row] = await this.app.db
      .insert(jobs)
      .values({ tenantId: scope.tenantId, userId: scope.userId, kind, title, params: { ...params, scope } })
      .returning();
    this.runner.kick();
    const job = jobOf(row!, this.app.clock.now());
    this.app.events.emit('job.changed', { userId: scope.userId, job });
    return job;
  }
}
