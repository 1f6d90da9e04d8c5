import { is } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/driver';
import type { DeviceCache } from '../devices/cache';
import type { DeadReason } from '../devices/dead-letters';
import type { DeviceHub, KnownDevice } from '../devices/hub';
import type { Clock } from '../lib/clock';
import type { PriorityGate } from '../lib/priority';
import { Batcher, isolate, retrying } from '../lib/batcher';
import { buildRows, liveRows, messageRows, type Item, type Live, type Rows, type Settle } from './batch';
import { writeBatch, type Transition } from './flush';
import type { UplinkPipeline } from './pipeline';
import { ROLL_RECENT_MS, type Rollups } from './rollup';
import type { IngestStats } from './stats';

/** What the lanes store and announce with (part of the ingest's IngestDeps). */
export interface LaneDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  deviceCache: DeviceCache;
  /** Presence transitions go out here. */
  deviceHub: DeviceHub;
  /** Each stored message goes through it, after its commit (pipeline.ts). */
  uplinks: UplinkPipeline;
  stats: IngestStats;
  /** Where the day and hour buckets of the reading rollups start (an IANA name). */
  timeZone?: string;
  /** Held from an urgent message's arrival until its events left; bulk writes wait for it. */
  priority?: PriorityGate;
}

const FLUSH_MS = 50;
export const FLUSH_AT = 1_000;
/** Items per statement when a backlog built up. */
const MAX_FLUSH = 5_000;
/** Items per write of the urgent lane (it takes what arrived together, or during its writes). */
const URGENT_AT = 1_000;
/** Urgent writes at once: a second one queues at once rather than behind the next bulk write. */
const URGENT_FLIGHTS = 2;
/**
 * The devices' live fields (battery, last values, ...) are merged per device and written on this
 * slower cycle; a presence transition is written with the next flush.
 */
const LIVE_MS = 1_000;
/**
 * Devices whose live fields go in one statement: each statement stays short (on PGlite an
 * urgent write waits for the one running), the rest go in the next one at once.
 */
export const LIVE_AT = 500;
const RETRIES = [100, 500, 2_000];

type MsgItem = Extract<Item, { t: 'msg' }>;

/** What a write stored: the transitions, and which messages ('all' when nothing was refused). */
interface Written {
  transitions: Transition[];
  stored: 'all' | Set<Item>;
}

const errorText = (err: unknown) => {
  const e = err as { message?: string; cause?: { message?: string } };
  return e?.cause?.message ?? e?.message ?? String(err);
};

interface LaneHooks {
  rollups: Rollups;
  /** A message the database refused even alone (Ingest.deadLetter). */
  deadLetter(
    device: KnownDevice,
    topic: string,
    payload: Buffer,
    reason: DeadReason & 'failed',
    error: string,
    done: Settle,
  ): void;
  /** After each write of either lane, once its items are counted out. */
  after(): void;
  /** The service is closing: transient failures are not retried any more. */
  stopped(): boolean;
}

/**
 * The ingest's two write lanes on lib/batcher.ts, then the uplink pipeline's stages (pipeline.ts)
 * and the presence events once data is stored.
 *
 * The bulk lane takes every message in arrival order: batches of up to MAX_FLUSH rows in one
 * statement (one write at a time on PGlite, two on PostgreSQL, events in the order taken), and
 * the devices' live fields merged per device and written every LIVE_MS.
 *
 * Urgent messages (urgentUplink: critical one-off alarms, door calls, cards) also take the
 * priority lane: their rows are written at once, without the flush timer, in their own small
 * batch beside the bulk writes (on PGlite, whose statements are serialised, it runs next), and
 * their stages run when that write is stored, ahead of the bulk backlog. Their live fields
 * stay in the bulk lane in arrival order (a liveOnly twin), so a device's state is still decided
 * by its last message.
 */
export class Lanes {
  /** The bulk lane: every message (an urgent one as its live-fields twin), in arrival order. */
  private readonly bulk: Batcher<Item>;
  /** The priority lane: urgent messages, written beside the bulk writes. */
  private readonly urgent: Batcher<Item>;
  /** Settles when the urgent writes started so far have been stored and their events emitted. */
  private urgentSettled: Promise<void> = Promise.resolve();
  /** Settles when every bulk write started so far has been stored and its events emitted. */
  private settled: Promise<void> = Promise.resolve();
  /** Live fields not written yet, merged per device, and the devices they belong to. */
  private lives = new Map<number, Live>();
  private liveDevices = new Map<number, KnownDevice>();
  private liveWriting = false;
  private liveDue = false;
  private liveTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: LaneDeps,
    private readonly hooks: LaneHooks,
  ) {
    const lane = {
      log: deps.log,
      maxQueue: Number.POSITIVE_INFINITY,
      retries: [] as number[],
      after: () => hooks.after(),
    };
    const never = (_: Item, err: unknown) => deps.log.error({ err }, 'ingest write threw');
    this.bulk = new Batcher<Item>({
      ...lane,
      name: 'ingest',
      flushMs: FLUSH_MS,
      flushAt: FLUSH_AT,
      maxBatch: MAX_FLUSH,
      // Two writes at once on PostgreSQL (the next batch is built while one commits), one on PGlite.
      flights: is(deps.db, PgliteDatabase) ? 1 : 2,
      due: () => this.liveDue && this.lives.size > 0 && !this.liveWriting,
      write: (batch) => this.launch(batch),
      poison: never,
    });
    this.urgent = new Batcher<Item>({
      ...lane,
      name: 'ingest urgent',
      // Urgent messages enqueued together (a burst, lookups resolving at once) share a write.
      flushMs: 0,
      flushAt: URGENT_AT,
      maxBatch: URGENT_AT,
      flights: URGENT_FLIGHTS,
      write: (batch) => this.launchUrgent(batch),
      poison: never,
    });
  }

  /**
   * Messages queued or being written. An urgent message counts twice until both its writes are
   * done (its row ahead, its live fields in order).
   */
  get held(): number {
    return this.bulk.held + this.urgent.held;
  }

  /** Anything queued, being written, or live fields not written yet. */
  get busy(): boolean {
    return this.bulk.busy || this.urgent.busy || this.lives.size > 0;
  }

  /** Writes what is queued and the pending live fields, now. */
  async drain(): Promise<void> {
    while (this.busy) {
      if (this.lives.size) this.liveDue = true;
      await Promise.all([this.urgent.drain(), this.bulk.drain()]);
    }
  }

  async close(): Promise<void> {
    await this.drain().catch(() => {});
    await Promise.all([this.urgent.close(), this.bulk.close()]);
    clearTimeout(this.liveTimer);
  }

  /**
   * A batch without the messages whose connection ended while they waited: none of them could be
   * acknowledged any more, so the device sends them again and writing them now would store them
   * twice. Each is told 'lost' (an urgent message's hold on the database ends with it).
   */
  private withoutOrphans(batch: Item[]): Item[] {
    if (!batch.some((item) => item.t === 'msg' && item.orphaned?.())) return batch;
    return batch.filter((item) => {
      if (item.t !== 'msg' || !item.orphaned?.()) return true;
      this.deps.stats.orphaned++;
      item.settle?.('lost');
      item.leave?.();
      return false;
    });
  }

  /** Queues an item; an urgent message also takes the priority lane. */
  enqueue(item: Item, urgent: boolean): void {
    if (item.t === 'msg' && urgent) {
      this.urgent.push({ ...item, leave: this.deps.priority?.enter() });
      item = { ...item, liveOnly: true, settle: undefined };
    }
    this.bulk.push(item);
  }

  /**
   * One write of the urgent lane (at most URGENT_FLIGHTS at once, their events in the order
   * taken). No live fields (their twins carry them) and no waiting for earlier bulk batches'
   * events: one-off alarms, calls and cards start or end nothing, so their place among a
   * device's other messages does not change what they mean.
   */
  private launchUrgent(batch: Item[]): Promise<void> {
    batch = this.withoutOrphans(batch);
    const written = this.write(batch, { ...buildRows(batch, null).rows, live: [] }, true);
    const before = this.urgentSettled;
    this.urgentSettled = (async () => {
      try {
        const written_ = await written;
        await before;
        if (written_) this.stored(batch, [], undefined, written_, true);
      } catch (err) {
        this.deps.log.error({ err }, 'ingest urgent batch bookkeeping failed');
      } finally {
        // Its events have left: the alarm engine holds the gate from here (AlarmEngine.push).
        for (const item of batch) if (item.t === 'msg') item.leave?.();
      }
    })();
    return this.urgentSettled;
  }

  /** One write of the bulk lane (the batcher starts it synchronously, so `lives` is taken in order). */
  private launch(batch: Item[]): Promise<void> {
    batch = this.withoutOrphans(batch);
    const { rows, transition } = buildRows(batch, this.lives);
    for (const item of batch) this.liveDevices.set(item.device.id, item.device);
    if (transition) this.liveDue = true;
    // Live fields go with this write when they are due and no other write carries them (one
    // live UPDATE at a time keeps them in order); otherwise they wait, merged, for a later one.
    let live: Live[] = [];
    let devices: Map<number, KnownDevice> | undefined;
    if (this.liveDue && !this.liveWriting && this.lives.size) {
      live = liveRows(this.lives);
      if (live.length > LIVE_AT) {
        // The first LIVE_AT devices now, in id order; the rest stay due for the next write.
        live = live.slice(0, LIVE_AT);
        devices = new Map();
        for (const l of live) {
          devices.set(l.id, this.liveDevices.get(l.id)!);
          this.lives.delete(l.id);
          this.liveDevices.delete(l.id);
        }
      } else {
        devices = this.liveDevices;
        this.lives = new Map();
        this.liveDevices = new Map();
        this.liveDue = false;
      }
      this.liveWriting = true;
      clearTimeout(this.liveTimer);
      this.liveTimer = undefined;
    } else this.armLive();
    const written = this.write(batch, { ...rows, live });
    const before = this.settled;
    this.settled = (async () => {
      try {
        const written_ = await written;
        // Events leave in the order the batches were taken, whichever write commits first.
        await before;
        if (written_) this.stored(batch, live, devices, written_, false);
      } catch (err) {
        this.deps.log.error({ err }, 'ingest batch bookkeeping failed');
      } finally {
        if (devices) this.liveWriting = false;
      }
    })();
    return this.settled.finally(() => {
      if (this.lives.size) this.armLive();
    });
  }

  /** Makes pending live fields due after LIVE_MS, writing them even when no messages follow. */
  private armLive(): void {
    if (this.liveTimer || !this.lives.size) return;
    this.liveTimer = setTimeout(() => {
      this.liveTimer = undefined;
      this.liveDue = true;
      this.bulk.kick();
    }, LIVE_MS);
    this.liveTimer.unref();
  }

  /**
   * Writes a batch in one statement. When the database refuses it for its data, the messages are
   * written apart from the live fields and isolated (lib/batcher.ts): a message refused alone
   * becomes a dead letter, every other one is stored. Resolves with the transitions and the
   * messages stored, or undefined when the database could not be reached (nothing stored).
   */
  private async write(batch: Item[], rows: Rows, urgent = false): Promise<Written | undefined> {
    const msgs = batch.filter((i): i is MsgItem => i.t === 'msg' && !i.liveOnly);
    const stopped = () => this.hooks.stopped();
    try {
      if (!urgent) await this.deps.priority?.clear();
      const roll = { rollFrom: this.deps.clock.now() - ROLL_RECENT_MS };
      const whole = await retrying(() => writeBatch(this.deps.db, rows, this.deps.timeZone, roll), RETRIES, stopped);
      this.hooks.rollups.note(rows.readings, roll.rollFrom);
      if (whole.ok) {
        for (const m of msgs) m.settle?.('stored');
        return { transitions: whole.result, stored: 'all' };
      }
      const stored = new Set<Item>();
      const apart = await isolate(msgs, {
        write: (items) => writeBatch(this.deps.db, messageRows(items), this.deps.timeZone, roll),
        poison: (item, err) => {
          this.deps.log.warn(
            { err, imei: item.device.imei },
            'device message refused by the database; kept as a dead letter',
          );
          this.hooks.deadLetter(
            item.device,
            `sfwatch/${item.device.imei}/up`,
            item.raw,
            'failed',
            errorText(err),
            item.settle ?? (() => {}),
          );
        },
        retries: RETRIES,
        stopped,
      });
      for (const part of apart.stored) {
        for (const m of part.items) {
          stored.add(m);
          m.settle?.('stored');
        }
      }
      const live = await isolate(rows.live, {
        write: (l) => writeBatch(this.deps.db, { readings: [], locations: [], events: [], live: l }),
        poison: (l, err) =>
          this.deps.log.error({ err, deviceId: l.id }, 'live fields of a device refused by the database'),
        retries: RETRIES,
        stopped,
      });
      return { transitions: live.stored.flatMap((p) => p.result), stored };
    } catch (err) {
      // 'lost' leaves a message unacknowledged, so its device (or the broker's session) sends it
      // again: nothing is dropped, and the words say so. Only a message without an acknowledgement
      // to hold back (QoS 0, the service's own publishes) is really gone.
      let resent = 0;
      for (const m of msgs) {
        if (!m.settle) continue;
        m.settle('lost');
        resent++;
      }
      const gone = msgs.length - resent;
      this.deps.log.error(
        { err, messages: resent, ...(gone ? { droppedUnacknowledgeable: gone } : {}) },
        'ingest batch not stored, not acknowledged: the device will resend',
      );
      this.deps.stats.notStoredResent += resent;
      this.deps.stats.dropped.failed += gone;
      return undefined;
    }
  }

  /** After a write: device states, presence, then the pipeline; `urgent`: the urgent lane's write. */
  private stored(
    batch: Item[],
    live: Live[],
    devices: Map<number, KnownDevice> | undefined,
    { transitions, stored }: Written,
    urgent: boolean,
  ): void {
    const stats = this.deps.stats;
    for (const l of live) {
      const d = devices!.get(l.id)!;
      d.state = l.state;
      this.deps.deviceCache.patch(d.imei, { state: l.state });
    }
    stats.batches++;
    for (const t of transitions) {
      const d = devices?.get(t.id);
      if (d) this.emit(t.online ? 'online' : 'offline', d);
    }
    const uplinks = this.deps.uplinks;
    const staged = uplinks.size > 0;
    for (const item of batch) {
      if (item.t !== 'msg' || item.liveOnly || (stored !== 'all' && !stored.has(item))) continue;
      stats.stored++;
      if (staged) uplinks.run(item.device, item.message, new Date(item.at), urgent);
    }
  }

  /** A presence event on the device hub; a listener that throws is logged. */
  emit(event: 'online' | 'offline', device: KnownDevice): void {
    try {
      this.deps.deviceHub.emit(event, device);
    } catch (err) {
      this.deps.log.error({ err, event }, 'device hub listener threw');
    }
  }
}
