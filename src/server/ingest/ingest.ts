import type { FastifyBaseLogger } from 'fastify';
import { DEVICE_STATE } from '../../shared/codes';
import { GRAIN_MS } from '../../shared/rollups';
import { decodePayload } from '../../shared/devices/codec';
import { implausibleMetric } from '../../shared/devices/kinds';
import { MAX_PAYLOAD_BYTES, toMillis, uplinkSchema, type Uplink } from '../../shared/devices/protocol';
import { deviceAdmitted, type Principal } from '../broker/acl';
import type { Db } from '../db/driver';
import type { DeviceCache } from '../devices/cache';
import type { DeadLetters, DeadReason } from '../devices/dead-letters';
import { urgentUplink } from '../alarms/intents';
import type { DeviceHub, KnownDevice } from '../devices/hub';
import type { Clock } from '../lib/clock';
import { is } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { isolate, retrying } from '../lib/batcher';
import type { PriorityGate } from '../lib/priority';
import { buildRows, liveRows, messageRows, type Item, type Live, type Outcome, type Rows, type Settle } from './batch';
import { DropLog } from './droplog';
import { sweepSilent, writeBatch, type Transition } from './flush';
import { rollKeyId, rollUp, rollUpRecent, type RollKey } from './rollup';
import { RateLimiter } from './rate';
import type { IngestStats } from './stats';

export interface IngestDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  deviceCache: DeviceCache;
  deviceHub: DeviceHub;
  stats: IngestStats;
  deadLetters: DeadLetters;
  /** Sustained messages a second per device, and the burst above it (0: no limit). */
  ratePerS: number;
  rateBurst: number;
  /** Seconds of silence before an online device is marked offline. */
  timeoutS: number;
  /** Where the day and hour buckets of the reading rollups start (an IANA name). */
  timeZone?: string;
  /** Held from an urgent message's arrival until its events left; bulk writes wait for it. */
  priority?: PriorityGate;
  /** A command or settings ack, after the batch holding it was stored. */
  onAck(device: KnownDevice, ack: { ref: number; ok: boolean; msg?: string }, at: Date): Promise<void>;
}

export const FLUSH_MS = 50;
export const FLUSH_AT = 1_000;
/** Items per statement when a backlog built up. */
const MAX_FLUSH = 5_000;
/** Items per write of the urgent lane (it takes what arrived together, or during its writes). */
export const URGENT_AT = 1_000;
/** Urgent writes at once: a second one queues at once rather than behind the next bulk write. */
const URGENT_FLIGHTS = 2;
/** Queue bound: beyond it messages are dropped as 'overload' so memory stays bounded. */
export const MAX_QUEUE = 50_000;
/** Above this many messages held, an external broker's reader waits (ingest.room()). */
const ROOM_AT = MAX_QUEUE * 0.8;
/**
 * The devices' live fields (battery, last values, ...) are merged per device and written on this
 * slower cycle; a presence transition is written with the next flush.
 */
export const LIVE_MS = 1_000;
/**
 * Devices whose live fields go in one statement: each statement stays short (on PGlite an
 * urgent write waits for the one running), the rest go in the next one at once.
 */
export const LIVE_AT = 500;
const SWEEP_MS = 30_000;
/**
 * How often the hour and day rollups take in the minute rollups' pending counts (rollup.ts). A
 * roll-up writes three rows per minute row (its reset, its hour and day), a message one (its
 * minute) instead of three: a device reporting every 10 s has sent 3 messages per minute row in
 * 30 s, so two rows are saved per metric and message at the common rate, more at faster ones.
 */
export const ROLL_MS = 30_000;
/**
 * Readings at most this old add to their minute rollups only, pending for the next roll-up; older
 * ones (a device's buffered backlog) to all three grains at once.
 */
const ROLL_RECENT_MS = 5 * 60_000;
/**
 * The first roll-up after a start also takes in what a stop left pending, in the minute buckets
 * this far back (the pending ones are at most ROLL_RECENT_MS older than the stop).
 */
const ROLL_RECOVER_MS = 60 * 60_000;
const DAY_MS = 86_400_000;
const Y2000 = 946_684_800_000;
const RETRIES = [100, 500, 2_000];

type MsgItem = Extract<Item, { t: 'msg' }>;

/** What a write stored: the transitions, and which messages ('all' when nothing was refused). */
interface Written {
  transitions: Transition[];
  stored: 'all' | Set<Item>;
}

function once(settle: Settle | undefined): Settle {
  let told = false;
  return (outcome: Outcome) => {
    if (told || !settle) return;
    told = true;
    settle(outcome);
  };
}

const errorText = (err: unknown) => {
  const e = err as { message?: string; cause?: { message?: string } };
  return e?.cause?.message ?? e?.message ?? String(err);
};

/** `sfwatch/{imei}/up` -> imei. */
export function upTopicImei(topic: string): string | undefined {
  if (!topic.startsWith('sfwatch/') || !topic.endsWith('/up')) return undefined;
  const imei = topic.slice(8, -3);
  return imei && !imei.includes('/') ? imei : undefined;
}

/**
 * Device uplink into the database: validation and drop counting per message, a bounded queue,
 * batched writes (one at a time on PGlite, two on PostgreSQL), presence (connections, last
 * wills, the report timeout), and the hub events once data is stored. Nothing here throws at the
 * broker.
 *
 * Urgent messages (urgentUplink: critical one-off alarms, door calls, cards) also take a priority
 * lane: their rows are written at once, without the flush timer, in their own small batch beside
 * the bulk writes (on PGlite, whose statements are serialised, it runs next), and their hub events
 * leave when that write is stored, ahead of the bulk backlog. Their live fields stay in the bulk
 * queue in arrival order (a liveOnly twin), so a device's state is still decided by its last message.
 */
export class Ingest {
  private queue: Item[] = [];
  /** The priority lane: urgent messages not written yet, its writes running, its events in order. */
  private urgent: Item[] = [];
  private urgentFlights = 0;
  private urgentTick = false;
  private urgentSettled: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private flights = 0;
  private lookups = 0;
  /**
   * QoS 1 messages that arrived while the queue was full, waiting for room (their device waits
   * for its PUBACK meanwhile, and its broker connection reads nothing more: backpressure).
   */
  private parked: (() => void)[] = [];
  private roomWaiter: { promise: Promise<void>; resolve: () => void } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private liveTimer: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private roller: NodeJS.Timeout | undefined;
  /** The minute rollup rows written with a pending count since the last roll-up took them. */
  private toRoll = new Map<string, RollKey>();
  /** Whether a roll-up took in what an earlier run of the service left pending. */
  private recovered = false;
  private rolling: Promise<void> | undefined;
  /** Settles when every write started so far has been stored and its events emitted. */
  private settled: Promise<void> = Promise.resolve();
  /** Live fields not written yet, merged per device, and the devices they belong to. */
  private lives = new Map<number, Live>();
  private liveDevices = new Map<number, KnownDevice>();
  private liveWriting = false;
  private liveDue = false;
  private closed = false;
  /** Writes in flight at once: two on PostgreSQL (the next batch is built while one commits), one on PGlite. */
  private readonly maxFlights: number;
  private readonly connections = new Map<string, number>();
  private readonly drops: DropLog;
  private readonly rate: RateLimiter;
  /** Settles once the external broker subscription is in place (tests wait for it). */
  subscribed: Promise<void> = Promise.resolve();

  constructor(private readonly deps: IngestDeps) {
    this.drops = new DropLog(deps.stats, deps.log, deps.clock);
    this.rate = new RateLimiter(deps.ratePerS, deps.rateBurst);
    this.maxFlights = is(deps.db, PgliteDatabase) ? 1 : 2;
  }

  /**
   * One uplink message; `publisher` is the embedded broker's client (null: the service or an
   * external broker). `settle`, when given, is told once what became of it: a QoS 1 PUBLISH is
   * acknowledged only when it is 'stored' or 'refused' for good (docs/decisions.md "Durability").
   */
  handle(topic: string, payload: Buffer, publisher: Principal | null, settle?: Settle): void {
    if (settle && this.depth() >= MAX_QUEUE && this.parked.length < MAX_QUEUE && !this.closed) {
      this.parked.push(() => this.handle(topic, payload, publisher, settle));
      return;
    }
    const done = once(settle);
    if (this.closed) return done('lost');
    const stats = this.deps.stats;
    stats.received++;
    const imei = upTopicImei(topic);
    if (!imei) return this.refuse(done, 'malformed', undefined, topic);
    if (payload.length > MAX_PAYLOAD_BYTES) return this.refuse(done, 'oversized', imei, `${payload.length} bytes`);
    if (publisher && (publisher.kind !== 'device' || publisher.imei !== imei))
      return this.refuse(done, 'unauthorised', imei);
    if (this.depth() >= MAX_QUEUE) {
      this.drops.drop('overload', imei);
      return done('lost');
    }
    let message: Uplink | undefined;
    let bad: { reason: 'malformed' | 'implausible'; detail: string } | undefined;
    try {
      const parsed = uplinkSchema.safeParse(decodePayload(payload).value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        bad = { reason: 'malformed', detail: `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}` };
      } else message = parsed.data;
    } catch (err) {
      bad = { reason: 'malformed', detail: (err as Error).message };
    }
    this.admit(imei, topic, payload, message, bad, done);
  }

  /**
   * One message a protocol listener decoded (src/server/protocols/): the same checks, queue and
   * outcome as an MQTT uplink, without the topic and payload decoding. `source` names where it
   * came from in a dead letter ('gt06/{imei}'); `raw` is the frame as received.
   */
  accept(imei: string, source: string, raw: Buffer, message: unknown, settle?: Settle): void {
    if (settle && this.depth() >= MAX_QUEUE && this.parked.length < MAX_QUEUE && !this.closed) {
      this.parked.push(() => this.accept(imei, source, raw, message, settle));
      return;
    }
    const done = once(settle);
    if (this.closed) return done('lost');
    this.deps.stats.received++;
    if (this.depth() >= MAX_QUEUE) {
      this.drops.drop('overload', imei);
      return done('lost');
    }
    const parsed = uplinkSchema.safeParse(message);
    if (parsed.success) return this.admit(imei, source, raw, parsed.data, undefined, done);
    const issue = parsed.error.issues[0];
    this.admit(
      imei,
      source,
      raw,
      undefined,
      { reason: 'malformed', detail: `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}` },
      done,
    );
  }

  private admit(
    imei: string,
    topic: string,
    payload: Buffer,
    message: Uplink | undefined,
    bad: { reason: 'malformed' | 'implausible'; detail: string } | undefined,
    done: Settle,
  ): void {
    const odd = message?.kind === 'telemetry' ? implausibleMetric(message.values) : undefined;
    if (odd) bad = { reason: 'implausible', detail: `${odd.metric} ${odd.value} is outside its physical range` };
    const at = this.deps.clock.now();
    this.withDevice(imei, done, (device) => {
      if (!deviceAdmitted(device)) return this.refuse(done, 'unknown', imei);
      if (bad || !message) return this.deadLetter(device!, topic, payload, bad!.reason, bad!.detail, done);
      const urgent = urgentUplink(message, device!.kind);
      if (!this.rate.take(imei, at) && !urgent) return this.refuse(done, 'rateLimited', imei);
      let ts = message.ts === undefined ? at : toMillis(message.ts);
      if (ts > at + DAY_MS || ts < Y2000) ts = at;
      this.enqueue(
        {
          t: 'msg',
          device: device!,
          message,
          msgId: message.id === undefined ? null : String(message.id),
          at,
          ts,
          raw: payload,
          settle: done,
        },
        urgent,
      );
    });
  }

  /** Counted, logged now and then, and acknowledged: resending it would not change the answer. */
  private refuse(
    done: Settle,
    reason: Parameters<DropLog['drop']>[0],
    imei: string | undefined,
    detail?: string,
  ): void {
    this.drops.drop(reason, imei, detail);
    done('refused');
  }

  /** Kept in device_dead_letters for the device's administrators; acknowledged once written. */
  private deadLetter(
    device: KnownDevice,
    topic: string,
    payload: Buffer,
    reason: DeadReason & ('malformed' | 'implausible' | 'failed'),
    error: string,
    done: Settle,
  ): void {
    if (reason === 'failed') this.drops.drop('rejected', device.imei, error);
    else this.drops.drop(reason, device.imei, error);
    this.deps.deadLetters.add({
      deviceId: device.id,
      tenantId: device.tenantId,
      topic,
      payload,
      reason,
      error,
      done: () => done('refused'),
    });
  }

  /** An embedded-broker connection of a device opened or closed. */
  connection(imei: string, connected: boolean): void {
    if (this.closed) return;
    const n = (this.connections.get(imei) ?? 0) + (connected ? 1 : -1);
    if (n > 0) this.connections.set(imei, n);
    else this.connections.delete(imei);
    // Another connection of the same device (a reconnect racing the old socket) keeps it online.
    if (connected ? n !== 1 : n > 0) return;
    const at = this.deps.clock.now();
    this.withDevice(imei, undefined, (device) => {
      if (deviceAdmitted(device)) this.enqueue({ t: 'presence', device: device!, online: connected, at }, false);
    });
  }

  /** Marks devices silent for longer than the timeout offline (every 30 s; tests call it). */
  async sweep(): Promise<number> {
    const now = this.deps.clock.now();
    const gone = await sweepSilent(this.deps.db, new Date(now - this.deps.timeoutS * 1000), new Date(now));
    this.rate.forget(now);
    for (const { imei } of gone) {
      this.deps.deviceCache.patch(imei, { state: DEVICE_STATE.offline });
      const device = await this.deps.deviceCache.get(imei);
      if (device) this.emit('offline', device);
    }
    return gone.length;
  }

  start(): void {
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => this.deps.log.error({ err }, 'device timeout sweep failed'));
    }, SWEEP_MS);
    this.sweeper.unref();
    this.roller = setInterval(() => void this.roll(), ROLL_MS);
    this.roller.unref();
  }

  /**
   * Adds the minute rollups' pending counts to the hour and day rollups (every ROLL_MS, after a
   * drain, at close). One at a time; a failure is logged and the next one takes the rows in.
   */
  roll(): Promise<void> {
    this.rolling ??= (async () => {
      const keys = [...this.toRoll.values()];
      this.toRoll = new Map();
      try {
        if (!this.recovered) {
          await rollUpRecent(this.deps.db, new Date(this.deps.clock.now() - ROLL_RECOVER_MS), {
            timeZone: this.deps.timeZone,
          });
          this.recovered = true;
        }
        await rollUp(this.deps.db, keys, { timeZone: this.deps.timeZone, before: () => this.deps.priority?.clear() });
      } catch (err) {
        // Taken again next time (a row rolled already holds no pending count: nothing twice).
        for (const k of keys) this.toRoll.set(rollKeyId(k), k);
        this.deps.log.error({ err }, 'rollup of the minute buckets failed; the next one retries');
      } finally {
        this.rolling = undefined;
      }
    })();
    return this.rolling;
  }

  /** Notes the minute rollup rows of these stored readings that hold a pending count. */
  private pending(readings: readonly object[], rollFrom: number): void {
    for (const r of readings as { d: number; ts: number; v: Record<string, unknown> }[]) {
      if (r.ts < rollFrom) continue;
      const b = r.ts - (r.ts % GRAIN_MS.minute);
      for (const m in r.v) {
        if (typeof r.v[m] !== 'number') continue;
        const k = { d: r.d, m, b };
        this.toRoll.set(rollKeyId(k), k);
      }
    }
  }

  /**
   * Waits until everything queued so far is written, the pending live fields included, and
   * rolled up into the hour and day rollups.
   */
  async drain(): Promise<void> {
    await this.written();
    await this.roll();
  }

  private async written(): Promise<void> {
    while (
      this.queue.length ||
      this.urgent.length ||
      this.flights ||
      this.urgentFlights ||
      this.lookups ||
      this.lives.size ||
      this.parked.length
    ) {
      this.unpark();
      if (this.flights || this.urgentFlights) await Promise.all([this.settled, this.urgentSettled]);
      else if (this.urgent.length) this.kickUrgent();
      else if (this.queue.length || this.lives.size) {
        this.liveDue = true;
        this.kick();
      } else await new Promise((r) => setTimeout(r, 5));
    }
  }

  async close(): Promise<void> {
    // New traffic is refused first, so the drain ends even while devices keep publishing.
    this.closed = true;
    for (const retry of this.parked.splice(0)) retry();
    this.roomWaiter?.resolve();
    clearInterval(this.sweeper);
    clearInterval(this.roller);
    await this.drain().catch(() => {});
    clearTimeout(this.timer);
    clearTimeout(this.liveTimer);
  }

  /**
   * Messages held: queued, being written, or waiting for their device lookup. An urgent message
   * counts twice until both its writes are done (its row ahead, its live fields in order).
   */
  depth(): number {
    return this.queue.length + this.urgent.length + this.inFlight + this.lookups;
  }

  private withDevice(imei: string, done: Settle | undefined, then: (device: KnownDevice | undefined) => void): void {
    this.lookups++;
    this.deps.deviceCache.get(imei).then(
      (device) => {
        this.lookups--;
        then(device);
      },
      (err: unknown) => {
        this.lookups--;
        this.drops.drop('failed', imei, (err as Error).message);
        done?.('lost');
      },
    );
  }

  private enqueue(item: Item, urgent: boolean): void {
    if (item.t === 'msg' && urgent) {
      this.urgent.push({ ...item, leave: this.deps.priority?.enter() });
      // Urgent messages enqueued together (a burst, lookups resolving at once) share a write.
      if (!this.urgentTick) {
        this.urgentTick = true;
        queueMicrotask(() => {
          this.urgentTick = false;
          this.kickUrgent();
        });
      }
      item = { ...item, liveOnly: true, settle: undefined };
    }
    this.queue.push(item);
    this.deps.stats.queued = this.depth();
    if (this.queue.length >= FLUSH_AT) this.kick();
    else if (!this.timer && !this.flights) {
      this.timer = setTimeout(() => this.kick(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Starts writes while there is work and room: queued items, or live fields that are due. */
  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (
      this.flights < this.maxFlights &&
      (this.queue.length || (this.liveDue && this.lives.size && !this.liveWriting))
    ) {
      this.launch(this.queue.splice(0, MAX_FLUSH));
    }
  }

  /**
   * Writes the urgent messages queued so far beside the bulk writes (at most URGENT_FLIGHTS at
   * once, their events in the order taken). No live fields (their twins carry them) and no
   * waiting for earlier bulk batches' events: one-off alarms, calls and cards start or end
   * nothing, so their place among a device's other messages does not change what they mean.
   */
  private kickUrgent(): void {
    while (this.urgentFlights < URGENT_FLIGHTS && this.urgent.length)
      this.launchUrgent(this.urgent.splice(0, URGENT_AT));
  }

  private launchUrgent(batch: Item[]): void {
    this.urgentFlights++;
    this.inFlight += batch.length;
    const written = this.write(batch, { ...buildRows(batch, null).rows, live: [] }, true);
    const before = this.urgentSettled;
    this.urgentSettled = (async () => {
      try {
        const written_ = await written;
        await before;
        if (written_) this.stored(batch, [], undefined, written_);
      } catch (err) {
        this.deps.log.error({ err }, 'ingest urgent batch bookkeeping failed');
      } finally {
        // Its events have left: the alarm engine holds the gate from here (AlarmEngine.push).
        for (const item of batch) if (item.t === 'msg') item.leave?.();
        this.urgentFlights--;
        this.inFlight -= batch.length;
        this.deps.stats.queued = this.depth();
      }
      this.kickUrgent();
      this.unpark();
    })();
  }

  private launch(batch: Item[]): void {
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
    this.flights++;
    this.inFlight += batch.length;
    const written = this.write(batch, { ...rows, live });
    const before = this.settled;
    this.settled = (async () => {
      try {
        const written_ = await written;
        // Events leave in the order the batches were taken, whichever write commits first.
        await before;
        if (written_) this.stored(batch, live, devices, written_);
      } catch (err) {
        this.deps.log.error({ err }, 'ingest batch bookkeeping failed');
      } finally {
        if (devices) this.liveWriting = false;
        this.flights--;
        this.inFlight -= batch.length;
        this.deps.stats.queued = this.depth();
      }
      // What arrived during the write goes in the next one, without waiting for the timer.
      if (this.queue.length >= FLUSH_AT || (!this.flights && (this.queue.length || this.liveDue))) this.kick();
      else if (this.queue.length && !this.timer) {
        this.timer = setTimeout(() => this.kick(), FLUSH_MS);
        this.timer.unref();
      }
      if (this.lives.size) this.armLive();
      this.unpark();
    })();
  }

  /** Lets parked messages in while there is room, and tells who waits for room. */
  private unpark(): void {
    let n = 0;
    while (this.parked.length && this.depth() < MAX_QUEUE && n++ < FLUSH_AT) this.parked.shift()!();
    if (this.roomWaiter && this.depth() + this.parked.length < ROOM_AT) {
      this.roomWaiter.resolve();
      this.roomWaiter = undefined;
    }
  }

  /**
   * Undefined while the queue has room; else a promise that settles when it has again. An
   * external broker's reader waits on it before taking the next message.
   */
  room(): Promise<void> | undefined {
    if (this.depth() + this.parked.length < ROOM_AT || this.closed) return undefined;
    if (!this.roomWaiter) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.roomWaiter = { promise, resolve };
    }
    return this.roomWaiter.promise;
  }

  /** Makes pending live fields due after LIVE_MS, writing them even when no messages follow. */
  private armLive(): void {
    if (this.liveTimer || !this.lives.size) return;
    this.liveTimer = setTimeout(() => {
      this.liveTimer = undefined;
      this.liveDue = true;
      this.kick();
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
    const stopped = () => this.closed;
    try {
      if (!urgent) await this.deps.priority?.clear();
      const roll = { rollFrom: this.deps.clock.now() - ROLL_RECENT_MS };
      const whole = await retrying(() => writeBatch(this.deps.db, rows, this.deps.timeZone, roll), RETRIES, stopped);
      this.pending(rows.readings, roll.rollFrom);
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
          this.deadLetter(
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
      for (const m of msgs) m.settle?.('lost');
      this.deps.log.error({ err, messages: msgs.length }, 'ingest batch could not be written; dropped');
      this.deps.stats.dropped.failed += msgs.length;
      return undefined;
    }
  }

  private stored(
    batch: Item[],
    live: Live[],
    devices: Map<number, KnownDevice> | undefined,
    { transitions, stored }: Written,
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
    const hub = this.deps.deviceHub.listenerCount('uplink') > 0;
    for (const item of batch) {
      if (item.t !== 'msg' || item.liveOnly || (stored !== 'all' && !stored.has(item))) continue;
      stats.stored++;
      const m = item.message;
      if (m.kind === 'ack') {
        const at = new Date(item.at);
        this.deps
          .onAck(item.device, { ref: m.ref, ok: m.ok, msg: m.msg }, at)
          .catch((err: unknown) => this.deps.log.error({ err, imei: item.device.imei }, 'ack failed'));
      }
      if (hub) this.emit('uplink', item.device, m, new Date(item.at));
    }
  }

  private emit(...args: ['online' | 'offline', KnownDevice] | ['uplink', KnownDevice, Uplink, Date]): void {
    try {
      if (args[0] === 'uplink') this.deps.deviceHub.emit('uplink', args[1], args[2], args[3]);
      else this.deps.deviceHub.emit(args[0], args[1]);
    } catch (err) {
      this.deps.log.error({ err, event: args[0] }, 'device hub listener threw');
    }
  }
}
