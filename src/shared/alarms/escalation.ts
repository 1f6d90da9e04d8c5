/**
 * Escalation of critical alarms (docs/alarms.md#acknowledgement-and-escalation): the targets a
 * policy's step can name, the channels it sends on, and which alarms escalate. The service
 * (src/server/escalation/), the policy screens and docs/alarms.md read these.
 */
import type { CodeEntry } from '../codes';
import { ALARM_TYPES } from './types';

export const ESCALATION_TARGET_TABLE: readonly CodeEntry<string>[] = [
  { value: 'repeat', cn: '再次提醒已通知的控制台', en: 'Ring the consoles already told again' },
  { value: 'operators', cn: '本企业全部值守人员', en: 'All operators of the company' },
  { value: 'onDuty', cn: '小区值班物业人员', en: 'Property staff on duty for the community' },
  { value: 'nearest', cn: '距离最近的值班人员', en: 'The nearest staff on duty' },
  { value: 'user', cn: '指定用户', en: 'A named user' },
  { value: 'role', cn: '指定角色', en: 'A role' },
  { value: 'contacts', cn: '设备紧急联系人', en: "The device's emergency contacts" },
  { value: 'address', cn: '外部号码或邮箱', en: 'An external number or e-mail' },
];

const ESCALATION_CHANNELS = ['console', 'push', 'sms', 'voice', 'email'] as const;
export type EscalationChannel = (typeof ESCALATION_CHANNELS)[number];

/** Level 3 (critical) types escalate; so does any type a company names in an enabled policy. */
export const CRITICAL_LEVEL = 3;

export function isCriticalType(type: number, tenantCritical: ReadonlySet<number> = new Set()): boolean {
  const info = (ALARM_TYPES as Record<number, { level: number } | undefined>)[type];
  return info?.level === CRITICAL_LEVEL || tenantCritical.has(type);
}

/** An alarm's acknowledgement state as consoles show it: raised, acknowledged, handled. */
type AckState = 'raised' | 'acknowledged' | 'handled';

export function ackStateOf(a: { ackedAt: string | null; handleState: number }): AckState {
  if (a.handleState !== 0) return 'handled';
  return a.ackedAt ? 'acknowledged' : 'raised';
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The channels a target can be reached on: consoles are users', phones and mail boxes a person's. */
export function channelsFor(target: string, address?: string | null): readonly EscalationChannel[] {
  if (target === 'contacts') return ['sms', 'voice'];
  if (target === 'address') return address && EMAIL_RE.test(address) ? ['email'] : ['sms', 'voice'];
  return ESCALATION_CHANNELS;
}

/** What is wrong with a step as stored (the message key), or undefined. */
export function stepProblem(s: {
  target?: unknown;
  userId?: unknown;
  roleId?: unknown;
  address?: unknown;
  viaConsole?: unknown;
  viaSms?: unknown;
  viaVoice?: unknown;
  viaEmail?: unknown;
  viaPush?: unknown;
}): 'escalationTargetIncomplete' | 'escalationChannelRequired' | 'phoneInvalid' | undefined {
  const address = typeof s.address === 'string' ? s.address.trim() : '';
  if (s.target === 'user' && !s.userId) return 'escalationTargetIncomplete';
  if (s.target === 'role' && !s.roleId) return 'escalationTargetIncomplete';
  if (s.target === 'address') {
    if (!address) return 'escalationTargetIncomplete';
    if (!EMAIL_RE.test(address) && !/^\+?\d{5,15}$/.test(address)) return 'phoneInvalid';
  }
  const chosen = { console: s.viaConsole, push: s.viaPush, sms: s.viaSms, voice: s.viaVoice, email: s.viaEmail };
  const reachable = channelsFor(String(s.target), address);
  if (!reachable.some((c) => chosen[c] === true)) return 'escalationChannelRequired';
  return undefined;
}
