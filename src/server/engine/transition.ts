import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { sourcesOf, type StateMachine } from '../../shared/state-machine';
import type { Db } from '../db/driver';
import { propertyOf } from '../db/columns';
import { fail } from '../lib/api-error';

/**
 * Moves one row to `to` if the machine allows it from the state it is in now, in one statement
 * (`... where id = ? and state in (sources)`), so two reviewers cannot both move it. A row that
 * is not there (or not in scope) is 'notFound'; one in a state the move cannot start from is
 * 'noSuchTransition'.
 */
export async function moveState<S extends number | string>(
  db: Db,
  target: { table: PgTable; id: PgColumn; state: PgColumn },
  machine: StateMachine<S>,
  id: number,
  to: S,
  opts: { scope?: SQL; set?: Record<string, unknown> } = {},
): Promise<void> {
  const sources = sourcesOf(machine, to);
  const moved = sources.length
    ? await db
        .update(target.table)
        .set({ [propertyOf(target.table, target.state)]: to, ...opts.set })
        .where(and(eq(target.id, id), inArray(target.state, sources), opts.scope))
        .returning({ id: target.id })
    : [];
  if (moved.length) return;
  const [exists] = await db
    .select({ id: target.id })
    .from(target.table)
    .where(and(eq(target.id, id), opts.scope));
  fail(exists ? Code.BAD_REQUEST : Code.NOT_FOUND, exists ? 'noSuchTransition' : 'notFound');
}
