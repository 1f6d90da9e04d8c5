import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { integrationOutbox, OUTBOX_STATE } from '../db/tables';
import { Batcher } from '../lib/batcher';
import type { Clock } from '../lib/clock';
import type { PriorityGate } from '../lib/priority';
import { runLimited } from '../lib/run-limited';
import {
  callsOf,
  claimDue,
  eventsOf,
  insertRows,
  nameDevices,
  recordOutcomes,
  RETRY_WINDOW_MS,
  rowResult,
  rowsOfBatch,
  type ClaimedRow,
  type Published,
} from './outbox-rows';
import type { Delivery, DeliveryResult, IntegrationEvent, IntegrationEventType, TargetKind } from './target';

/** Delay before attempt n+1 after n failed ones (the last one repeats): 10 s, 30 s, 2 min ... 4 h. */
export const BACKOFF_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000] as const;
/** A claim's lease: rows a replica claimed and never recorded (it died) are due again after it. */
export const LEASE_MS = 60_000;
/** Deliveries of one target kept (the deliveries screen); older delivered and failed ones are pruned. */
export const KEEP_PER_TARGET = 1_000;
/** Deliveries in flight at once per dispatcher (one request each for webhooks). */
const IN_FLIGHT = 128;
/** Rounds of a batching kind under way at once (claims are disjoint: `skip locked`). */
const LANES = 2;
/** How often every replica looks for due rows besides being woken by a write (retries, others' rows). */
export const POLL_MS = 1_000;
/** Events the writer may hold; past it an event is dropped (counted and logged). */
const MAX_QUEUE = 100_000;
/**
 * Positions are queued only below this depth: the last fifth of the queue is kept for the other
 * events, so a flood of positions the database cannot take in time never costs an alarm's delivery.
 */
const POSITION_QUEUE_MAX = 80_000;
/** How often a target's old deliveries are pruned at most. */
const PRUNE_MS = 60_000;

const backoffMs = (attempts: number) => BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;

interface OutboxDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Every kind of target the outbox delivers to ('webhook', 'forward'). */
  kinds: TargetKind<unknown>[];
  /** A new SOS goes first (lib/priority.ts): the writer's insert waits for it. */
  priority?: PriorityGate;
  /** POSITION_QUEUE_MAX unless a test says otherwise. */
  positionQueueMax?: number;
}

interface OutboxStats {
  published: number;
  written: number;
  delivered: number;
  retried: number;
  failed: number;
  /** Events not queued: positions past POSITION_QUEUE_MAX, any event past the full queue. */
  dropped: number;
  /** Events not queued because no target of their tenant takes their type (known from the kinds' caches). */
  unwanted: number;
}

/**
 * The durable outbox (docs/integrations.md "Delivery"). `publish` only queues (synchronous and
 * cheap: it runs in the alarm hub's and the ingest's listeners); the writer inserts the queued
 * events in batches, one row per subscribed target, and wakes the dispatcher. The dispatcher runs
 * on every replica: it claims due rows (`for update skip locked`, with a lease), delivers them
 * through their kind's transport and records the outcome, retrying with backoff for 24 h.
 */
export class Outbox {
  readonly stats: OutboxStats = {
    published: 0,
    written: 0,
    delivered: 0,
    retried: 0,
    failed: 0,
    dropped: 0,
    unwanted: 0,
  };
  private readonly kinds = new Map<string, TargetKind<unknown>>();
  private readonly writer: Batcher<Published>;
  /** `${kind}:${targetId}:${deviceId}` -> the last position time written for it (device.position sampling). */
  private readonly lastPosition = new Map<string, number>();
  private running?: Promise<void>;
  private again = false;
  private closed = false;
  private readonly pruned = new Map<string, number>();
  /** stats.dropped when the last burst of drops ended (one warning per burst). */
  private droppedLogged = 0;

  constructor(private readonly deps: OutboxDeps) {
    for (const k of deps.kinds) this.kinds.set(k.kind, k);
    this.writer = new Batcher<Published>({
      log: deps.log,
      name: 'integration outbox',
      // An alarm's webhook must leave within a second: a short wait for company only.
      flushMs: 10,
      flushAt: 500,
      maxBatch: 2_000,
      maxQueue: MAX_QUEUE,
      write: (batch) => this.write(batch),
      poison: (p, err) => deps.log.error({ err, eventId: p.event.id }, 'integration event could not be written'),
    });
  }

  /**
   * Whether some target of the tenant may take events of this type: false only when every kind's
   * cached targets of the tenant are known and none takes it. A caller may skip building such an
   * event (the ingest's positions, when nothing forwards them); publish() skips queueing it.
   */
  wants(tenantId: number, type: IntegrationEventType): boolean {
    for (const kind of this.kinds.values()) if (kind.wants(tenantId, type) !== false) return true;
    return false;
  }

  /**
   * Queues an event for every subscribed target; false when it is dropped (counted, and logged once
   * per burst): a position when the queue is past POSITION_QUEUE_MAX, any event when it is full.
   * An event no target wants (wants()) is not queued, and counted as unwanted.
   */
  publish(p: Published): boolean {
    if (this.closed) return false;
    this.stats.published++;
    if (!this.wants(p.event.tenantId, p.event.type)) {
      this.stats.unwanted++;
      return false;
    }
    const positionRoom = this.deps.positionQueueMax ?? POSITION_QUEUE_MAX;
    const queued =
      p.event.type === 'device.position' && this.writer.length >= positionRoom ? false : this.writer.push(p);
    if (!queued) {
      if (this.stats.dropped++ === this.droppedLogged)
        this.deps.log.warn(
          { type: p.event.type, queued: this.writer.length, dropped: this.stats.dropped },
          'integration outbox full: events dropped (the database does not keep up)',
        );
    } else if (this.stats.dropped > this.droppedLogged) this.droppedLogged = this.stats.dropped;
    return queued;
  }

  /** Drops a kind's cached subscribers of a tenant (a target changed). */
  invalidate(kind: string, tenantId: number | undefined): void {
    this.kinds.get(kind)?.invalidate(tenantId);
  }

  /** Writes what was published so far, then delivers every due row (tests, a closing replica). */
  async drain(): Promise<void> {
    await this.writer.drain();
    await this.dispatch();
  }

  async close(): Promise<void> {
    await this.writer.close();
    this.closed = true;
    await this.running;
  }

  /** The rows of `batch` for every subscribed target, inserted once (the unique key), then the dispatcher woken. */
  private async write(batch: Published[]): Promise<void> {
    const now = this.deps.clock.now();
    const { rows, taken } = await rowsOfBatch(batch, this.kinds.values(), this.lastPosition);
    if (rows.length === 0) return;
    // The rows hold the event objects themselves: named here, they are written named.
    await nameDevices(this.deps.db, taken);
    // A new SOS being stored and pushed goes first (docs/decisions.md "A new SOS first, always").
    await this.deps.priority?.clear();
    this.stats.written += await insertRows(this.deps.db, rows, now);
    this.wake();
  }

  /** Rows were written (here or, on the next poll, by another replica): a round starts now. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.dispatch();
  }

  /** Delivers every due row, round after round, until none is left; one run at a time per dispatcher. */
  dispatch(): Promise<void> {
    // A sweep's tick after close() finds the database closed: nothing more to do.
    if (this.closed) return this.running ?? Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running.then(() => this.dispatch());
    }
    this.running = (async () => {
      do {
        this.again = false;
        // The kinds side by side: a broker's backlog never holds up an endpoint's alarm.
        await Promise.all([...this.kinds.values()].map((kind) => this.rounds(kind)));
      } while (this.again && !this.closed);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * Rounds of a kind until a claim comes back short; a batching kind's in LANES lanes, so one
   * claims and records while another waits for the broker's confirms.
   */
  private async rounds(kind: TargetKind<unknown>): Promise<void> {
    const lane = async () => {
      try {
        while (!this.closed && (await this.round(kind)));
      } catch (err) {
        this.deps.log.error({ err, kind: kind.kind }, 'integration dispatch failed');
      }
    };
    await Promise.all(Array.from({ length: kind.batch > 1 ? LANES : 1 }, lane));
  }

  /** One claim of due rows of a kind, delivered and recorded; true when the claim was full. */
  private async round(kind: TargetKind<unknown>): Promise<boolean> {
    const claimed = await this.claim(kind);
    if (claimed.length === 0) return false;
    const byTarget = new Map<number, ClaimedRow[]>();
    for (const r of claimed) (byTarget.get(r.target_id) ?? byTarget.set(r.target_id, []).get(r.target_id)!).push(r);
    const jobs: (() => Promise<void>)[] = [];
    const done: { rows: ClaimedRow[]; results: DeliveryResult[] }[] = [];
    const gone: number[] = [];
    for (const [targetId, rows] of byTarget) {
      jobs.push(async () => {
        const target = await kind.load(targetId);
        if (target === undefined) {
          gone.push(...rows.map((r) => r.id));
          return;
        }
        const calls = callsOf(rows, kind.batch);
        // A broker's batches go out together and their confirms are awaited together (a round trip
        // per round, not per batch); an endpoint gets one request at a time.
        if (kind.batch > 1)
          done.push(
            ...(await Promise.all(
              calls.map(async (part) => ({ rows: part, results: await this.deliver(kind, target, part) })),
            )),
          );
        else for (const part of calls) done.push({ rows: part, results: await this.deliver(kind, target, part) });
      });
    }
    await runLimited(jobs, IN_FLIGHT);
    // The round's outcomes in one statement (on PGlite every statement waits its turn).
    await this.record(
      done.flatMap((d) => d.rows),
      done.flatMap((d) => d.results),
    );
    // The target was deleted: its deliveries go with it.
    if (gone.length) await this.deps.db.delete(integrationOutbox).where(inArray(integrationOutbox.id, gone));
    for (const targetId of byTarget.keys()) await this.prune(kind.kind, targetId);
    return claimed.full;
  }

  /** Delivers the rows' events in one call of the transport; one outcome per row (a row of positions: all or again). */
  private async deliver(kind: TargetKind<unknown>, target: unknown, part: ClaimedRow[]): Promise<DeliveryResult[]> {
    const deliveries: Delivery[] = [];
    for (const r of part)
      for (const event of r.events) deliveries.push({ outboxId: r.id, event, attempts: r.attempts });
    let results: DeliveryResult[];
    try {
      results = await kind.transport.deliver(target, deliveries);
    } catch (err) {
      const excerpt = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      results = deliveries.map(() => ({ ok: false, retry: true, durationMs: 0, excerpt }));
    }
    let at = 0;
    return part.map((r) => rowResult(results.slice(at, (at += r.events.length))));
  }

  /**
   * Claims due rows of a kind: their `next_at` moves a lease ahead, so no other dispatcher takes
   * them while they are being delivered, and a dispatcher that dies leaves them due again after it.
   */
  private async claim(kind: TargetKind<unknown>): Promise<ClaimedRow[] & { full: boolean }> {
    const now = this.deps.clock.now();
    await this.deps.priority?.clear();
    return claimDue(this.deps.db, kind, now, now + LEASE_MS);
  }

  /** Each claimed row's outcome: delivered, due again after its backoff, or failed (final answer, or 24 h over). */
  async record(rows: ClaimedRow[], results: DeliveryResult[]): Promise<void> {
    await recordOutcomes(this.deps.db, rows, results, this.deps.clock.now(), backoffMs, this.stats);
  }

  /** Keeps a target's last KEEP_PER_TARGET deliveries (pending ones are never pruned); at most every PRUNE_MS per target. */
  async prune(kind: string, targetId: number, force = false): Promise<void> {
    const key = `${kind}:${targetId}`;
    const now = this.deps.clock.now();
    if (!force && now - (this.pruned.get(key) ?? -Infinity) < PRUNE_MS) return;
    this.pruned.set(key, now);
    await this.deps.db.execute(sql`
      delete from integration_outbox
      where target_kind = ${kind} and target_id = ${targetId} and state <> 0 and id <= (
        select id from integration_outbox where target_kind = ${kind} and target_id = ${targetId}
        order by id desc offset ${KEEP_PER_TARGET} limit 1)`);
  }

  /**
   * Sends one event to one target now and answers the outcome (a test event, "send again"): the
   * row is written already claimed (or claimed again), delivered here and recorded like any other.
   */
  async sendNow(kind: string, targetId: number, tenantId: number, event: IntegrationEvent): Promise<DeliveryResult> {
    const k = this.kinds.get(kind);
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .insert(integrationOutbox)
      .values({
        tenantId,
        targetKind: kind,
        targetId,
        eventId: event.id,
        eventType: event.type,
        payload: event,
        nextAt: new Date(now + LEASE_MS),
        retryUntil: new Date(now + RETRY_WINDOW_MS),
        createdAt: new Date(now),
      })
      .returning({ id: integrationOutbox.id });
    return this.deliverNow(k, targetId, [
      { id: row!.id, target_id: targetId, events: [event], attempts: 0, retry_until: new Date(now + RETRY_WINDOW_MS) },
    ]);
  }

  /** A delivery of a target again, now, with another 24 h of retries; undefined when it is not that target's. */
  async sendAgain(kind: string, targetId: number, outboxId: number): Promise<DeliveryResult | undefined> {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .update(integrationOutbox)
      .set({
        state: OUTBOX_STATE.pending,
        nextAt: new Date(now + LEASE_MS),
        retryUntil: new Date(now + RETRY_WINDOW_MS),
      })
      .where(
        and(
          eq(integrationOutbox.id, outboxId),
          eq(integrationOutbox.targetKind, kind),
          eq(integrationOutbox.targetId, targetId),
        ),
      )
      .returning();
    if (!row) return undefined;
    return this.deliverNow(this.kinds.get(kind), targetId, [
      {
        id: row.id,
        target_id: targetId,
        events: eventsOf(row.payload),
        attempts: row.attempts,
        retry_until: row.retryUntil,
      },
    ]);
  }

  private async deliverNow(
    kind: TargetKind<unknown> | undefined,
    targetId: number,
    rows: ClaimedRow[],
  ): Promise<DeliveryResult> {
    const target = kind && (await kind.load(targetId));
    const results =
      kind && target !== undefined
        ? await this.deliver(kind, target, rows)
        : [{ ok: false, retry: false, durationMs: 0, excerpt: 'target not found' }];
    await this.record(rows, results);
    return results[0]!;
  }
}
