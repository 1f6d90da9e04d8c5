import { and, eq, sql } from 'drizzle-orm';
import { defineSeed } from '../../server/db/entity-seeds';
import { devices, users } from '../../server/db/schema';
import type { Tx } from '../../server/engine/types';
import { escalationSteps } from '../escalation-step';
import { escalationPolicies } from './table';

/** The demo devices' emergency contact (their `contacts` setting), whom the SOS policy texts. */
export const DEMO_CONTACT = { name: '紧急联系人', phone: '13900000001', relation: '家属' };
const SOS_POLICY = 'SOS 默认升级';

/**
 * The demo site's escalation (docs/alarms.md#acknowledgement-and-escalation). For an SOS: ring the
 * consoles again and push to the on-duty staff's phones at 15 s; at 45 s the three staff on duty
 * nearest to it (within 2 km; else those on duty), on their consoles and phones, and an SMS to the
 * device's emergency contacts; at 120 s a voice call to the company's administrator. Every other critical alarm: ring
 * again at 30 s, then all operators by console and SMS at 90 s. The demo devices get an emergency
 * contact where they have none.
 */
async function seedEscalation(tx: Tx, tenantId: number): Promise<void> {
  const [have] = await tx
    .select({ id: escalationPolicies.id })
    .from(escalationPolicies)
    .where(and(eq(escalationPolicies.tenantId, tenantId), eq(escalationPolicies.name, SOS_POLICY)));
  if (have) return;
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.kind, 'admin')))
    .orderBy(users.id)
    .limit(1);
  const [sos, any] = await tx
    .insert(escalationPolicies)
    .values([
      { tenantId, name: SOS_POLICY, alarmType: 15, enabled: true, remark: '演示：SOS 无人确认时逐级通知' },
      { tenantId, name: '紧急报警默认升级', alarmType: null, enabled: true, remark: '演示：其他紧急报警' },
    ])
    .returning({ id: escalationPolicies.id });
  const step = (policyId: number, delaySeconds: number, target: string, via: object, extra: object = {}) => ({
    tenantId,
    policyId,
    delaySeconds,
    target,
    ...via,
    ...extra,
  });
  await tx
    .insert(escalationSteps)
    .values([
      step(sos!.id, 15, 'repeat', { viaConsole: true }),
      step(sos!.id, 15, 'onDuty', { viaPush: true }),
      step(sos!.id, 45, 'nearest', { viaConsole: true, viaPush: true }, { nearestCount: 3, nearestMeters: 2000 }),
      step(sos!.id, 45, 'contacts', { viaSms: true }),
      ...(admin ? [step(sos!.id, 120, 'user', { viaVoice: true }, { userId: admin.id })] : []),
      step(any!.id, 30, 'repeat', { viaConsole: true }),
      step(any!.id, 90, 'operators', { viaConsole: true, viaSms: true }),
    ]);
  await tx
    .update(devices)
    .set({
      settings: sql`coalesce(${devices.settings}, '{}'::jsonb) || ${JSON.stringify({ contacts: [DEMO_CONTACT] })}::jsonb`,
    })
    .where(
      and(eq(devices.tenantId, tenantId), sql`coalesce(${devices.settings}->'contacts', '[]'::jsonb) = '[]'::jsonb`),
    );
}

export default defineSeed({
  demo: (tx, { tenantId }) => seedEscalation(tx, tenantId),
});
