/**
 * The commands a connection has sent and not yet seen answered: the protocol's own reference
 * (GT06's server flag, JT/T 808's platform serial) mapped to our command id, so the device's
 * answer becomes an `ack` uplink with `ref` = the id. Kept in the Session's state, bounded: a
 * device that never answers must not grow it without end.
 */
import type { Session } from './types';

/** Unanswered commands kept per connection; the oldest is forgotten first. */
const MAX_PENDING_COMMANDS = 64;

/** Sequence numbers and pending commands of one connection. */
export interface CommandRefs {
  /** The next reference to hand out (wraps at the protocol's width). */
  next: number;
  pending: Map<number, number>;
}

/** The connection's references under `key` in its state, created on first use. */
export function commandRefs(session: Session, key: string, first = 1): CommandRefs {
  const held = session.state[key] as CommandRefs | undefined;
  if (held) return held;
  const refs: CommandRefs = { next: first, pending: new Map() };
  session.state[key] = refs;
  return refs;
}

/** Takes the next reference, wrapping below `limit` (skipping 0, which devices use for "none"). */
export function nextRef(refs: CommandRefs, limit: number): number {
  const ref = refs.next;
  refs.next = ref + 1 >= limit ? 1 : ref + 1;
  return ref;
}

/** Remembers that `ref` carries command `id`. */
export function remember(refs: CommandRefs, ref: number, id: number): void {
  refs.pending.delete(ref);
  refs.pending.set(ref, id);
  if (refs.pending.size > MAX_PENDING_COMMANDS) refs.pending.delete(refs.pending.keys().next().value as number);
}

/** The command id `ref` answers, forgotten once taken; undefined when none was sent under it. */
export function take(refs: CommandRefs, ref: number): number | undefined {
  const id = refs.pending.get(ref);
  if (id !== undefined) refs.pending.delete(ref);
  return id;
}
