import type { FastifyBaseLogger } from 'fastify';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { deviceDeadLetters } from '../db/schema';
import { Batcher } from '../lib/batcher';

export type DeadReason = 'malformed' | 'implausible' | 'failed' | 'alarm' | 'fence';

interface DeadLetter {
  deviceId: number;
  tenantId: number;
  topic: string;
  payload: Buffer;
  reason: DeadReason;
  error: string;
  /** Told whether the row was stored (a QoS 1 message is acknowledged only then). */
  done?: (stored: boolean) => void;
}

const TOTAL_TTL_MS = 30_000;

/** Error texts are ours or the database's; a NUL or lone surrogate in them must not refuse the row. */
function cleanError(s: string): string {
  return s
    .replace(/\0/g, '\\0')
    .replace(/[\uD800-\uDFFF]/g, '\uFFFD')
    .slice(0, 500);
}

/**
 * Device messages that could not be taken, in `device_dead_letters` (docs/device-protocol.md
 * "Dead letters"): written in small batches beside the ingest, counted for /api/health.
 */
export class DeadLetters {
  /** Rows written by this process since it started. */
  written = 0;
  /** Dead letters that could not be written either (logged). */
  lost = 0;
  private readonly batcher: Batcher<DeadLetter>;
  private counted: Promise<number> | undefined;
  private countedAt = 0;
  private countedWritten = 0;

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    this.batcher = new Batcher<DeadLetter>({
      log,
      name: 'dead letter',
      flushMs: 20,
      flushAt: 500,
      maxBatch: 1_000,
      maxQueue: 10_000,
      write: async (items) => {
        await db.insert(deviceDeadLetters).values(
          items.map(({ deviceId, tenantId, topic, payload, reason, error }) => ({
            deviceId,
            tenantId,
            topic,
            payload,
            reason,
            error: cleanError(error),
          })),
        );
        this.written += items.length;
        for (const i of items) i.done?.(true);
      },
      poison: (item, err) => {
        this.lost++;
        log.error({ err, deviceId: item.deviceId, reason: item.reason }, 'dead letter could not be stored');
        item.done?.(false);
      },
      lost: (items) => {
        this.lost += items.length;
        for (const i of items) i.done?.(false);
      },
    });
  }

  /** Queues a dead letter; a full queue tells `done` at once that it was not stored. */
  add(letter: DeadLetter): void {
    if (!this.batcher.push(letter)) {
      this.lost++;
      letter.done?.(false);
    }
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }

  close(): Promise<void> {
    return this.batcher.close();
  }

  /**
   * All dead letters stored (every replica's), for the health endpoint. Counted at most every
   * TOTAL_TTL_MS: load balancers poll health, and the table may hold a fleet's worth of rows.
   */
  total(): Promise<number> {
    const now = Date.now();
    if (!this.counted || now - this.countedAt > TOTAL_TTL_MS || this.written !== this.countedWritten) {
      this.countedAt = now;
      this.countedWritten = this.written;
      this.counted = this.db
        .select({ n: count() })
        .from(deviceDeadLetters)
        .then(([row]) => Number(row?.n ?? 0));
      this.counted.catch(() => (this.counted = undefined));
    }
    return this.counted;
  }

  /** Keeps the newest `keep` per device and nothing older than `before` (housekeeping). */
  async prune(before: Date, keep: number): Promise<void> {
    await this.db.execute(sql`
      delete from device_dead_letters d using (
        select id from (
          select id, created_at, row_number() over (partition by device_id order by id desc) as n from device_dead_letters
        ) r where r.n > ${keep} or r.created_at < ${before.toISOString()}::timestamptz
      ) x where d.id = x.id`);
  }
}
