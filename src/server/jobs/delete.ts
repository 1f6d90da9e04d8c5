import { and, asc, count, gt } from 'drizzle-orm';
import type { ListQuery } from '../../shared/resources/list';
import { ApiError } from '../lib/api-error';
import { listWhere } from '../engine/query';
import { bindingFor } from '../engine/registry';
import type { Ctx } from '../engine/types';
import { deleteRows, guardWrite } from '../engine/write';
import type { JobHandler } from './runner';

interface DeleteParams {
  resource: { kind: string; name: string };
  query: Pick<ListQuery, 'filters' | 'keyword'>;
}

/** Rows deleted per step (one engine delete: hooks, soft delete, audit and events as usual). */
const STEP = 500;
/** Refusals a delete job keeps in its result. */
const DELETE_JOB_ERRORS_SHOWN = 100;

/**
 * Deletes every row matching a list's filters and keyword, with the scope of the user who queued
 * it, STEP rows at a time in id order. A step the binding refuses (a department with users, a
 * role in use ...) is retried row by row, so one refused row does not keep the others; the
 * result holds the counts and the first refusals with their message keys.
 */
export const deleteJob: JobHandler = async (job, run) => {
  const params = job.params as DeleteParams;
  const b = bindingFor(params.resource.kind, params.resource.name);
  if (!b) throw new Error(`no resource ${params.resource.kind}/${params.resource.name}`);
  const ctx: Ctx = { app: run.app, db: run.app.db, scope: run.scope };
  guardWrite(ctx, b, 'delete');
  const where = listWhere(b, ctx.scope, params.query);
  const [all] = await ctx.db.select({ n: count() }).from(b.table).where(where);
  const total = Number(all?.n ?? 0);
  run.progress(0, total);
  let deleted = 0;
  let done = 0;
  let last = 0;
  const errors: { id: number; key: string }[] = [];
  const refused = (id: number, err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    if (errors.length < DELETE_JOB_ERRORS_SHOWN) errors.push({ id, key: err.key });
  };
  for (;;) {
    run.signal.throwIfAborted();
    const ids = (
      await ctx.db
        .select({ id: b.id })
        .from(b.table)
        .where(and(where, gt(b.id, last)))
        .orderBy(asc(b.id))
        .limit(STEP)
    ).map((r) => r.id as number);
    if (!ids.length) break;
    last = ids[ids.length - 1]!;
    try {
      await deleteRows(ctx, b, ids);
      deleted += ids.length;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const id of ids) {
        try {
          await deleteRows(ctx, b, [id]);
          deleted++;
        } catch (one) {
          refused(id, one);
        }
      }
    }
    done += ids.length;
    run.progress(done, Math.max(total, done));
  }
  return { rows: deleted, result: { total: done, deleted, failed: done - deleted, errors } };
};
