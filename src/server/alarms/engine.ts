import type { FastifyBaseLogger } from 'fastify';
import type { Uplink } from '../../shared/devices/protocol';
import type { Db } from '../db/driver';
import type { AlarmRow } from '../db/schema';
import type { DeadLetters } from '../devices/dead-letters';
import type { DeviceHub, KnownDevice } from '../devices/hub';
import { Batcher } from '../lib/batcher';
import type { PriorityGate } from '../lib/priority';
import type { Clock } from '../lib/clock';
import { applyRound, ClearKeys, rounds, type Outcome } from './conditions';
import type { AlarmHub } from './hub';
import { intentsOf, type Input, type Intent } from './intents';
import type { DeviceProfiles } from './profiles';
import { contextOf, insertAlarms, newAlarm, toAlarmRecord } from './records';

interface EngineDeps {
  db: Db;
  /** Held while urgent inputs are handled (their records stored and raised): background writers wait. */
  priority?: PriorityGate;
  clock: Clock;
  log: FastifyBaseLogger;
  deviceHub: DeviceHub;
  alarmHub: AlarmHub;
  profiles: DeviceProfiles;
  deadLetters: DeadLetters;
}

const FLUSH_MS = 50;
const FLUSH_AT = 1_000;
const MAX_FLUSH = 5_000;
/** Inputs per batch of the urgent lane (it takes what queued while its previous batch ran). */
const URGENT_AT = 1_000;
/** Beyond this the engine drops inputs (and counts them) rather than growing without bound. */
const MAX_QUEUE = 50_000;

interface EngineStats {
  inputs: number;
  records: number;
  dropped: number;
  failed: number;
}

/**
 * Alarms from device traffic (docs/alarms.md): the uplink pipeline's 'alarms' stage
 * (ingest/pipeline.ts) and the hub's presence events are queued and handled in batches,
 * one batch at a time so a device's messages keep their order: profiles in one query, the
 * shared state in one statement per round, the records in one insert, then 'raised' per record.
 * Urgent inputs (urgentUplink, as the ingest decided it: critical one-off alarms, door calls,
 * cards) have their own lane: a batch starts at once, without the 50 ms window, beside the bulk
 * one (on PGlite its transaction runs next), never behind the telemetry backlog. They only make one-off intents, so
 * no condition's order depends on them; events that start or end a condition stay in the bulk lane.
 * Nothing a device sends can make a listener throw.
 */
export class AlarmEngine {
  readonly stats: EngineStats = { inputs: 0, records: 0, dropped: 0, failed: 0 };
  private readonly bulk: Batcher<Input>;
  private readonly urgent: Batcher<Input>;
  private closed = false;
  private readonly clear = new ClearKeys();
  /** The pipeline's 'alarms' stage: `urgent` is the ingest's verdict (Ingest.admit), not decided again here. */
  readonly uplink = (device: KnownDevice, message: Uplink, receivedAt: Date, urgent: boolean): void =>
    this.push({ t: 'uplink', device, message, at: receivedAt.getTime() }, urgent);
  private readonly onOnline = (device: KnownDevice) =>
    this.push({ t: 'presence', device, online: true, at: this.deps.clock.now() }, false);
  private readonly onOffline = (device: KnownDevice) =>
    this.push({ t: 'presence', device, online: false, at: this.deps.clock.now() }, false);

  constructor(private readonly deps: EngineDeps) {
    const lane = (flushMs: number, flushAt: number, maxBatch: number) =>
      new Batcher<Input>({
        log: deps.log,
        name: 'alarm',
        flushMs,
        flushAt,
        maxBatch,
        maxQueue: MAX_QUEUE,
        write: (batch) => this.handle(batch),
        poison: (input, err) => this.poison(input, err),
        lost: (batch) => void (this.stats.failed += batch.length),
      });
    this.bulk = lane(FLUSH_MS, FLUSH_AT, MAX_FLUSH);
    // Urgent inputs emitted together (one stored batch's events) share a batch, started at once.
    this.urgent = lane(0, URGENT_AT, URGENT_AT);
  }

  start(): void {
    this.deps.deviceHub.on('online', this.onOnline).on('offline', this.onOffline);
  }

  async close(): Promise<void> {
    this.deps.deviceHub.off('online', this.onOnline).off('offline', this.onOffline);
    this.closed = true;
    await Promise.all([this.urgent.close(), this.bulk.close()]);
  }

  /** Waits until everything queued so far is handled. */
  async drain(): Promise<void> {
    while (this.urgent.busy || this.bulk.busy) await Promise.all([this.urgent.drain(), this.bulk.drain()]);
  }

  private push(input: Input, urgent: boolean): void {
    try {
      if (this.closed) return;
      if (
        input.t === 'uplink' &&
        input.message.kind === 'location' &&
        input.message.source === 'gps' &&
        input.message.valid !== false &&
        input.message.lat !== undefined &&
        input.message.lon !== undefined
      ) {
        this.deps.profiles.moved(input.device.id, input.message.lat, input.message.lon);
        return;
      }
      if (input.t === 'uplink' && input.message.kind === 'ack') return;
      const lane = urgent ? this.urgent : this.bulk;
      if (!lane.push(input)) {
        this.stats.dropped++;
        return;
      }
      if (lane === this.urgent && this.deps.priority) {
        // Entered now, inside the ingest's hold, so the database has no gap for a bulk write to
        // take; left when the lane has handled it (the push of a critical alarm holds on from there).
        const leave = this.deps.priority.enter();
        queueMicrotask(() => void this.urgent.drain().finally(leave));
      }
      this.stats.inputs++;
    } catch (err) {
      this.deps.log.error({ err, imei: input.device.imei }, 'alarm input refused');
    }
  }

  /** An input whose alarms the database refused even alone: kept as a dead letter. */
  private poison(input: Input, err: unknown): void {
    this.stats.failed++;
    this.deps.log.error({ err, imei: input.device.imei }, 'alarm input could not be stored');
    if (input.t !== 'uplink') return;
    this.deps.deadLetters.add({
      deviceId: input.device.id,
      tenantId: input.device.tenantId,
      topic: `sfwatch/${input.device.imei}/up`,
      payload: Buffer.from(JSON.stringify(input.message)),
      reason: 'alarm',
      error: String((err as Error)?.message ?? err),
    });
  }

  private async handle(batch: Input[]): Promise<void> {
    const profiles = await this.deps.profiles.load(batch.map((i) => i.device.id));
    const intents: Intent[] = [];
    for (const input of batch) {
      const p = profiles.get(input.device.id);
      if (!p) continue;
      try {
        intents.push(...intentsOf(input, p));
      } catch (err) {
        this.deps.log.warn({ err, imei: input.device.imei }, 'alarm rules failed on a message');
      }
    }
    const now = this.deps.clock.now();
    const sent = this.clear.filter(intents, now);
    if (sent.length === 0) return;
    // One transaction: a condition is never marked raised without its record, nor the reverse.
    const stored = await this.deps.db.transaction(async (tx) => {
      const outcomes: Outcome[] = [];
      for (const round of rounds(sent)) outcomes.push(...(await applyRound(tx, round)));
      const createdAt = new Date(now);
      const rows = outcomes.flatMap((o) => {
        const p = profiles.get(o.intent.deviceId);
        return p ? [newAlarm(p, o, createdAt)] : [];
      });
      return insertAlarms(tx, rows);
    });
    this.clear.learn(sent, now);
    this.announce(stored);
  }

  /** Emits stored records on the alarm hub and counts them; also for records stored beside the engine (fences/evaluator.ts). */
  announce(stored: AlarmRow[]): void {
    this.stats.records += stored.length;
    for (const r of stored) {
      try {
        this.deps.alarmHub.emit('raised', toAlarmRecord(r), contextOf(r));
      } catch (err) {
        this.deps.log.error({ err, alarmId: r.id }, 'alarm hub listener threw');
      }
    }
  }
}
