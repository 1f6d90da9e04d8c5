import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { annualInspections } from './table';
import { startSweep } from '../../server/lib/sweep';

/** How often every replica looks for inspections coming due (the update below makes each reminder go out once). */
const INSPECTION_REMIND_EVERY_MS = 60 * 60 * 1000;

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Reminds the operators of each company (PushService.tenantNotice: its users who see alarms) of
 * the inspections whose next time is within their reminder days (or already past) and that were
 * not reminded for this next time. Claiming is one `update ... where reminded_at is null
 * returning`, so two replicas (or two runs) never remind twice. Answers the inspections reminded.
 */
export async function remindDueInspections(
  app: FastifyInstance,
  now = new Date(app.clock.now()),
  tenantId?: number,
): Promise<{ id: number; tenantId: number; name: string; nextAt: Date }[]> {
  const claimed = await app.db
    .update(annualInspections)
    .set({ remindedAt: now })
    .where(
      and(
        isNull(annualInspections.remindedAt),
        lte(
          annualInspections.nextAt,
          sql`${now.toISOString()}::timestamptz + ${annualInspections.remindDays} * interval '1 day'`,
        ),
        tenantId === undefined ? undefined : eq(annualInspections.tenantId, tenantId),
      ),
    )
    .returning({
      id: annualInspections.id,
      tenantId: annualInspections.tenantId,
      name: annualInspections.name,
      nextAt: annualInspections.nextAt,
    });
  for (const c of claimed) {
    const overdue = c.nextAt.getTime() < now.getTime();
    // The notice is stored text shown as is; written in the console's source language like the other server notices.
    const title = overdue ? `年检已逾期：${c.name}` : `年检即将到期：${c.name}`;
    const content = overdue
      ? `${c.name} 的年检已于 ${day(c.nextAt)} 到期，请尽快安排。`
      : `${c.name} 的下次年检时间为 ${day(c.nextAt)}，请提前安排。`;
    app.push.tenantNotice(c.tenantId, title, content);
  }
  return claimed;
}

/** The hourly check (not in tests: they call remindDueInspections with their clock). */
export function startInspectionReminders(app: FastifyInstance): void {
  startSweep(
    app,
    'annual inspection reminders',
    INSPECTION_REMIND_EVERY_MS,
    async () => {
      const sent = await remindDueInspections(app);
      if (sent.length) app.log.info({ reminded: sent.length }, 'annual inspection reminders');
    },
    { runAtStart: true },
  );
}
