import type { AlarmRecord } from '../../shared/alarms/push';

const SEEN_LIMIT = 500;

/**
 * The newest alarm time this user's console has seen (localStorage, per user, shared by tabs) and
 * the ids seen lately, so a catch-up after a reconnect neither misses nor repeats an alarm.
 */
export class AlarmCursor {
  private seen = new Set<number>();

  constructor(
    private readonly userId: number,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
  ) {}

  private get key(): string {
    return `live.lastAlarm.${this.userId}`;
  }

  /** The stored time (ISO), or null when this user never connected. */
  after(): string | null {
    const raw = this.storage.getItem(this.key);
    return raw && !Number.isNaN(Date.parse(raw)) ? raw : null;
  }

  /** Moves the cursor forward only; an older time never rewinds it. */
  advance(iso: string): void {
    const at = Date.parse(iso);
    if (Number.isNaN(at)) return;
    const current = this.after();
    if (current !== null && Date.parse(current) >= at) return;
    try {
      this.storage.setItem(this.key, new Date(at).toISOString());
    } catch {
      // A full or blocked storage only costs the catch-up, never the live feed.
    }
  }

  /** Records the alarm; false when it was already seen (a live push racing the catch-up). */
  take(alarm: AlarmRecord): boolean {
    this.advance(alarm.createdAt);
    if (this.seen.has(alarm.id)) return false;
    this.seen.add(alarm.id);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value as number);
    return true;
  }
}
