import type { AlarmRecord } from '../../shared/alarms/push';
import type { AlarmContext } from '../alarms/hub';

/** A console is reminded of its open alarms at most once per this (an escalation's console rings). */
export const REMIND_MS = 10_000;

export interface OpenAlarm {
  alarm: AlarmRecord;
  context: AlarmContext;
}

interface RemindersDeps {
  now: () => number;
  intervalMs?: number;
  /** One console's reminder: every alarm rung for it since its last one, oldest first. */
  send(userId: number, open: OpenAlarm[]): void;
}

/**
 * An escalation's console rings, coalesced per console and rate-limited: every ring of a console
 * joins its pending set, and the console gets one reminder listing them, at once when it had none
 * for REMIND_MS, else when that much time has passed since its last. With 300 SOS open, their
 * `repeat` steps rang each console once per alarm, dozens of pushes a second to every console
 * (docs/decisions.md "a new SOS first, always"); now one per console per interval, however many.
 */
export class ConsoleReminders {
  private pending = new Map<number, Map<number, OpenAlarm>>();
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private readonly intervalMs: number;

  constructor(private readonly deps: RemindersDeps) {
    this.intervalMs = deps.intervalMs ?? REMIND_MS;
  }

  /** Consoles with a reminder waiting. */
  get waiting(): number {
    return this.pending.size;
  }

  /** These consoles are to be reminded of `alarm` (a later ring of the same alarm replaces its entry). */
  add(userIds: readonly number[], alarm: AlarmRecord, context: AlarmContext): void {
    let soonest = Infinity;
    for (const id of userIds) {
      let open = this.pending.get(id);
      if (!open) {
        this.pending.set(id, (open = new Map()));
        soonest = Math.min(soonest, this.dueAt(id));
      }
      // Re-inserted: the newest ring last.
      open.delete(alarm.id);
      open.set(alarm.id, { alarm, context });
    }
    if (soonest < this.timerAt) this.arm(soonest);
  }

  /** Sends the reminders that are due now (the timer calls it; tests may too); the others wait their turn. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.deps.now();
    let next = Infinity;
    for (const [id, open] of this.pending) {
      const due = this.dueAt(id);
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      this.pending.delete(id);
      this.last.set(id, now);
      this.deps.send(id, [...open.values()]);
    }
    // Consoles quiet for a whole interval are due at once anyway: forgotten, the map stays small.
    for (const [id, at] of this.last) if (at + this.intervalMs <= now && !this.pending.has(id)) this.last.delete(id);
    if (next < Infinity) this.arm(next);
  }

  /**
   * Alarms somebody took or handled since they were rung: no console is reminded of them (a
   * reminder waits up to REMIND_MS, and would reopen the SOS dialog for an alarm already taken).
   */
  forget(alarmIds: readonly number[]): void {
    for (const [userId, open] of this.pending) {
      for (const id of alarmIds) open.delete(id);
      if (open.size === 0) this.pending.delete(userId);
    }
  }

  /** Drops what is pending and the timer. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    this.pending.clear();
  }

  private dueAt(id: number): number {
    const at = this.last.get(id);
    return at === undefined ? -Infinity : at + this.intervalMs;
  }

  private arm(at: number): void {
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.flush(), Math.max(0, at - this.deps.now()));
    this.timer.unref();
  }
}
