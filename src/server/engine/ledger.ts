import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import type { MsgKey } from '../../shared/messages';
import type { Tx } from '../db/driver';
import type { Scope } from '../db/scope';
import { sqlState } from './write';
import { fail } from '../lib/api-error';

/**
 * One movement of a stock ledger (the product library's SKUs, the site's warehouse items), in one
 * transaction: the balance's UPDATE, guarded by the table's CHECK (a balance below zero is
 * refused with `refused`), a 404 when the row is not the caller's tenant's, and the movement's own
 * row with the balance after it. Then the resource's change event, after the commit.
 */
export async function recordMovement<R>(
  app: FastifyInstance,
  o: {
    scope: Scope;
    resource: { kind: string; name: string };
    id: number;
    refused: MsgKey;
    /** The guarded UPDATE, returning the row's balances (none when the row is not the tenant's). */
    update: (tx: Tx) => Promise<R[]>;
    /** Inserts the movement with the balances after it. */
    record: (tx: Tx, after: R) => Promise<unknown>;
  },
): Promise<R> {
  const after = await app.db.transaction(async (tx) => {
    let rows: R[];
    try {
      // One statement: the row lock serialises concurrent movements and the CHECK refuses an overdraw.
      rows = await o.update(tx);
    } catch (err) {
      if (sqlState(err) === '23514') fail(Code.BAD_REQUEST, o.refused);
      throw err;
    }
    if (!rows.length) fail(Code.NOT_FOUND, 'notFound');
    await o.record(tx, rows[0]!);
    return rows[0]!;
  });
  app.events.emit('resource.changed', {
    kind: o.resource.kind,
    name: o.resource.name,
    action: 'update',
    id: o.id,
    tenantId: o.scope.tenantId,
    scope: o.scope,
  });
  return after;
}
