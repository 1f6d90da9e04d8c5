import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import type { DropReason, IngestStats } from './stats';

const WINDOW_MS = 10_000;

/**
 * Counts dropped messages (and those left unacknowledged, which come again) and logs them without
 * flooding: at most one line per reason per 10 s, carrying how many since the previous line and
 * the latest example.
 */
export class DropLog {
  private windows = new Map<DropReason | 'resent', { at: number; count: number }>();

  constructor(
    private readonly stats: IngestStats,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  drop(reason: DropReason, imei: string | undefined, detail?: string): void {
    this.stats.dropped[reason]++;
    this.tell(reason, imei, detail, (n) =>
      reason === 'diskLow'
        ? `ingest: ${n} message(s) not stored, not acknowledged: the data disk is under its low-water mark; the devices will resend`
        : `ingest dropped ${n} message(s): ${reason}`,
    );
  }

  /** A message not stored and left unacknowledged, so sent again: not a drop, said as such. */
  resent(imei: string | undefined, detail?: string): void {
    this.stats.notStoredResent++;
    this.tell(
      'resent',
      imei,
      detail,
      (n) => `ingest: ${n} message(s) not stored, not acknowledged: the device will resend`,
    );
  }

  private tell(
    reason: DropReason | 'resent',
    imei: string | undefined,
    detail: string | undefined,
    line: (n: number) => string,
  ): void {
    const now = this.clock.now();
    let w = this.windows.get(reason);
    if (!w) {
      w = { at: -Infinity, count: 0 };
      this.windows.set(reason, w);
    }
    w.count++;
    if (now - w.at < WINDOW_MS) return;
    this.log.warn({ reason, count: w.count, imei, detail }, line(w.count));
    w.at = now;
    w.count = 0;
  }
}
