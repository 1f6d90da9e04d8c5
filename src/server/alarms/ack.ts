import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AlarmPatch } from '../../shared/alarms/push';
import type { Scope } from '../db/scope';
import { dateOf } from '../lib/clock';
import { acknowledge, acknowledgedBy, byTenant, stopEscalations, type Changed } from './queries';

/** A stored change pushed to the company's consoles (9002): a failing listener is logged, never the caller's error. */
export function announceAlarms(app: FastifyInstance, changed: Changed[], patch: AlarmPatch): void {
  for (const [tenantId, ids] of byTenant(changed)) {
    try {
      app.alarmHub.emit('updated', tenantId, ids, patch);
    } catch (err) {
      app.log.error({ err, ids }, 'alarm hub listener threw');
    }
  }
}

/**
 * "I'm on it" (docs/alarms.md#acknowledgement-and-escalation), for the console's `alarm/ack` and a
 * notification's reply link alike: the first acknowledgement of an alarm is stored with who took
 * it, stops its escalation and is pushed so every console stops ringing; `taken` says who holds
 * each of `ids` that anyone acknowledged.
 */
export async function acknowledgeAlarms(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  scope: Scope,
  ids: number[],
  by: { id: number; name: string; via?: 'push' | 'link' },
) {
  const at = dateOf(app.clock);
  const changed = await acknowledge(app.db, scope, ids, by, at);
  if (changed.length) log.info({ ids: changed.map((c) => c.id) }, 'alarms acknowledged');
  await stopEscalations(app.db, changed);
  announceAlarms(app, changed, { read: 1, ackedAt: at.toISOString(), ackedByName: by.name });
  return { changed, taken: await acknowledgedBy(app.db, scope, ids) };
}
