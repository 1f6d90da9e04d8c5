import { DEVICE_STATE } from '../../shared/codes';
import { decodePayload } from '../../shared/devices/codec';
import { implausibleMetric } from '../../shared/devices/kinds';
import {
  MAX_PAYLOAD_BYTES,
  toMillis,
  UPLINK_MAX_AHEAD_MS,
  UPLINK_MIN_TS,
  uplinkSchema,
  type Uplink,
} from '../../shared/devices/protocol';
import { deviceAdmitted, type Principal } from '../broker/acl';
import type { DeadLetters, DeadReason } from '../devices/dead-letters';
import { urgentUplink } from '../alarms/intents';
import type { KnownDevice } from '../devices/hub';
import type { Item, Outcome, Settle } from './batch';
import { DropLog } from './droplog';
import { sweepSilent } from './flush';
import { FLUSH_AT, Lanes, type LaneDeps } from './lanes';
import { ROLL_MS, Rollups } from './rollup';
import { RateLimiter } from './rate';
import { checkedUplink } from './uplink-check';

/** The lanes' (LaneDeps) and the admission's: the limits and the silence timeout. */
interface IngestDeps extends LaneDeps {
  deadLetters: DeadLetters;
  /** Sustained messages a second per device, and the burst above it (0: no limit). */
  ratePerS: number;
  rateBurst: number;
  /** Seconds of silence before an online device is marked offline. */
  timeoutS: number;
}

/** Queue bound: beyond it messages are dropped as 'overload' so memory stays bounded. */
const MAX_QUEUE = 50_000;
/** Above this many messages held, an external broker's reader waits (ingest.room()). */
const ROOM_AT = MAX_QUEUE * 0.8;
const SWEEP_MS = 30_000;
function once(settle: Settle | undefined): Settle {
  let told = false;
  return (outcome: Outcome) => {
    if (told || !settle) return;
    told = true;
    settle(outcome);
  };
}

/** `sfwatch/{imei}/up` -> imei. */
export function upTopicImei(topic: string): string | undefined {
  if (!topic.startsWith('sfwatch/') || !topic.endsWith('/up')) return undefined;
  const imei = topic.slice(8, -3);
  return imei && !imei.includes('/') ? imei : undefined;
}

/**
 * Device uplink into the database: validation and drop counting per message, a bounded queue
 * (QoS 1 messages park beyond it: backpressure), the two write lanes (lanes.ts), presence
 * (connections, last wills, the report timeout) and the roll-ups. Nothing here throws at the
 * broker.
 */
export class Ingest {
  private readonly lanes: Lanes;
  private lookups = 0;
  /**
   * QoS 1 messages that arrived while the queue was full, waiting for room (their device waits
   * for its PUBACK meanwhile, and its broker connection reads nothing more: backpressure).
   */
  private parked: (() => void)[] = [];
  private roomWaiter: { promise: Promise<void>; resolve: () => void } | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private roller: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly connections = new Map<string, number>();
  private readonly drops: DropLog;
  private readonly rate: RateLimiter;
  private readonly rollups: Rollups;
  /** Settles once the external broker subscription is in place (tests wait for it). */
  subscribed: Promise<void> = Promise.resolve();
  /** Messages the queue holds before it refuses more (health compares the depth with it). */
  readonly capacity = MAX_QUEUE;
  /** While this says no (the data disk under its low-water mark), nothing is acknowledged. */
  private canStore: () => boolean = () => true;

  constructor(private readonly deps: IngestDeps) {
    this.drops = new DropLog(deps.stats, deps.log, deps.clock);
    this.rate = new RateLimiter(deps.ratePerS, deps.rateBurst);
    this.rollups = new Rollups(deps);
    this.lanes = new Lanes(deps, {
      rollups: this.rollups,
      deadLetter: (device, topic, payload, reason, error, done) =>
        this.deadLetter(device, topic, payload, reason, error, done),
      after: () => {
        this.deps.stats.queued = this.depth();
        this.unpark();
      },
      stopped: () => this.closed,
    });
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
    if (!this.canStore()) return this.notNow(imei, done);
    if (payload.length > MAX_PAYLOAD_BYTES) return this.refuse(done, 'oversized', imei, `${payload.length} bytes`);
    if (publisher && (publisher.kind !== 'device' || publisher.imei !== imei))
      return this.refuse(done, 'unauthorised', imei);
    if (this.depth() >= MAX_QUEUE) {
      this.drops.drop('overload', imei);
      return done('lost');
    }
    // This edge's validation (pipeline.ts step 1): the payload decoded and checked once.
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
   * came from in a dead letter ('gt06/{imei}'); `raw` is the frame as received. `unmetered`
   * skips the per-device rate limit for a sender the service already authenticated and bounded
   * per request (the console's phone posting its queued fixes, src/server/routes/phone/).
   * `message` is typed by its decoder, and checked here once, this edge's validation
   * (pipeline.ts step 1): the type holds its shape, not that a device's values are in range.
   */
  accept(
    imei: string,
    source: string,
    raw: Buffer,
    message: Uplink,
    settle?: Settle,
    orphaned?: () => boolean,
    unmetered = false,
  ): void {
    if (settle && this.depth() >= MAX_QUEUE && this.parked.length < MAX_QUEUE && !this.closed) {
      this.parked.push(() => this.accept(imei, source, raw, message, settle, orphaned, unmetered));
      return;
    }
    const done = once(settle);
    if (this.closed) return done('lost');
    this.deps.stats.received++;
    if (!this.canStore()) return this.notNow(imei, done);
    if (this.depth() >= MAX_QUEUE) {
      this.drops.drop('overload', imei);
      return done('lost');
    }
    const checked = checkedUplink(message);
    if (checked) return this.admit(imei, source, raw, checked, undefined, done, orphaned, true, unmetered);
    const parsed = uplinkSchema.safeParse(message);
    if (parsed.success) return this.admit(imei, source, raw, parsed.data, undefined, done, orphaned, true, unmetered);
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

  /** Stops acknowledging while `canStore` says no (health's disk low-water mark, docs/reliability.md). */
  refuseWhile(blocked: () => boolean): void {
    this.canStore = () => !blocked();
  }

  /** Not stored, not acknowledged: the device keeps the message and sends it again. */
  private notNow(imei: string, done: Settle): void {
    this.drops.drop('diskLow', imei);
    done('lost');
  }

  private admit(
    imei: string,
    topic: string,
    payload: Buffer,
    message: Uplink | undefined,
    bad: { reason: 'malformed' | 'implausible'; detail: string } | undefined,
    done: Settle,
    orphaned?: () => boolean,
    /**
     * A device whose facts are cached is admitted in this turn, without a promise (the protocol
     * listeners: a connection's frames are taken in order as they come, connection.ts;
     * docs/performance.md "Protocol ingest CPU"). MQTT messages keep the lookup's promise, as
     * measured there (docs/performance.md "Ingest").
     */
    now = false,
    unmetered = false,
  ): void {
    const odd = message?.kind === 'telemetry' ? implausibleMetric(message.values) : undefined;
    if (odd) bad = { reason: 'implausible', detail: `${odd.metric} ${odd.value} is outside its physical range` };
    const at = this.deps.clock.now();
    const then = (device: KnownDevice | undefined) => {
      if (!deviceAdmitted(device)) return this.refuse(done, 'unknown', imei);
      if (bad || !message) return this.deadLetter(device!, topic, payload, bad!.reason, bad!.detail, done);
      // Decided here only: the lanes, then the pipeline's stages (the alarm engine's lane), carry it.
      const urgent = urgentUplink(message, device!.kind);
      if (!unmetered && !this.rate.take(imei, at) && !urgent) return this.refuse(done, 'rateLimited', imei);
      let ts = message.ts === undefined ? at : toMillis(message.ts);
      if (ts > at + UPLINK_MAX_AHEAD_MS || ts < UPLINK_MIN_TS) ts = at;
      const item: Extract<Item, { t: 'msg' }> = {
        t: 'msg',
        device: device!,
        message,
        msgId: message.id === undefined ? null : String(message.id),
        at,
        ts,
        raw: payload,
        settle: done,
      };
      if (orphaned) item.orphaned = orphaned;
      this.lanes.enqueue(item, urgent);
    };
    const hit = now ? this.deps.deviceCache.cached(imei) : undefined;
    if (hit) then(hit.device);
    else this.withDevice(imei, done, then);
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
      if (deviceAdmitted(device)) this.lanes.enqueue({ t: 'presence', device: device!, online: connected, at }, false);
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
      if (device) this.lanes.emit('offline', device);
    }
    return gone.length;
  }

  start(): void {
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => this.deps.log.error({ err }, 'device timeout sweep failed'));
    }, SWEEP_MS);
    this.sweeper.unref();
    this.roller = setInterval(() => void this.rollups.roll(), ROLL_MS);
    this.roller.unref();
  }

  /**
   * Waits until everything queued so far is written, the pending live fields included, and
   * rolled up into the hour and day rollups.
   */
  async drain(): Promise<void> {
    await this.written();
    await this.rollups.roll();
  }

  private async written(): Promise<void> {
    while (this.lanes.busy || this.lookups || this.parked.length) {
      this.unpark();
      if (this.lanes.busy) await this.lanes.drain();
      else await new Promise((r) => setTimeout(r, 5));
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
    await this.lanes.close();
  }

  /**
   * Messages held: queued, being written, or waiting for their device lookup. An urgent message
   * counts twice until both its writes are done (its row ahead, its live fields in order).
   */
  depth(): number {
    return this.lanes.held + this.lookups;
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
        // Unacknowledged, a message comes again: only one without an acknowledgement is dropped.
        if (done) {
          this.drops.resent(imei, (err as Error).message);
          done('lost');
        } else this.drops.drop('failed', imei, (err as Error).message);
      },
    );
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
}
