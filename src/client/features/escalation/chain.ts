import { channelsFor, type EscalationChannel } from '../../../shared/alarms/escalation';
import type { Row } from '../resources/resources.queries';

/** A step's channel flags, by channel (docs/alarms.md#acknowledgement-and-escalation). */
export const CHANNEL_FIELD: Readonly<
  Record<EscalationChannel, 'viaConsole' | 'viaPush' | 'viaSms' | 'viaVoice' | 'viaEmail'>
> = {
  console: 'viaConsole',
  push: 'viaPush',
  sms: 'viaSms',
  voice: 'viaVoice',
  email: 'viaEmail',
};

/** One link of the chain: the steps that fire together, at one delay. */
export interface ChainLink {
  delaySeconds: number;
  steps: Row[];
}

/** The steps in firing order (delay, then id), those of one delay in one link. */
export function chainOf(steps: readonly Row[]): ChainLink[] {
  const sorted = [...steps].sort(
    (a, b) => Number(a.delaySeconds) - Number(b.delaySeconds) || Number(a.id) - Number(b.id),
  );
  const links: ChainLink[] = [];
  for (const step of sorted) {
    const last = links.at(-1);
    if (last && last.delaySeconds === Number(step.delaySeconds)) last.steps.push(step);
    else links.push({ delaySeconds: Number(step.delaySeconds), steps: [step] });
  }
  return links;
}

/** The channels a step sends on: those chosen that its target can be reached on. */
export function stepChannels(step: Record<string, unknown>): EscalationChannel[] {
  const address = typeof step.address === 'string' ? step.address.trim() : '';
  return channelsFor(String(step.target), address).filter((c) => step[CHANNEL_FIELD[c]] === true);
}

/** The editor field a step problem of the service belongs on (stepProblem's keys), else undefined. */
export function problemField(key: string | undefined, target: unknown): string | undefined {
  if (key === 'escalationChannelRequired') return 'channels';
  if (key === 'phoneInvalid') return 'address';
  if (key === 'escalationTargetIncomplete') {
    if (target === 'user') return 'userId';
    if (target === 'role') return 'roleId';
    return 'address';
  }
  return undefined;
}

/** A policy's hours: null for all day; `overnight` when they run past midnight (22:00-06:00). */
export function timeWindow(
  fromTime: unknown,
  toTime: unknown,
): { from: string; to: string; overnight: boolean } | null {
  const from = typeof fromTime === 'string' && fromTime ? fromTime : null;
  const to = typeof toTime === 'string' && toTime ? toTime : null;
  if (!from && !to) return null;
  const start = from ?? '00:00';
  const end = to ?? '24:00';
  return { from: start, to: end, overnight: end < start };
}
