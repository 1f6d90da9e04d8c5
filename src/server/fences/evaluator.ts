import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_FENCE_DWELL_S, type LonLat } from '../../shared/geo/fence';
import type { Uplink } from '../../shared/devices/protocol';
import { messageTime } from '../alarms/intents';
import type { DeviceProfiles } from '../alarms/profiles';
import { insertAlarms, type NewAlarm } from '../alarms/records';
import type { Db } from '../db/driver';
import type { AlarmRow } from '../db/schema';
import type { DeadLetters } from '../devices/dead-letters';
import type { KnownDevice } from '../devices/hub';
import type { UplinkPipeline } from '../ingest/pipeline';
import { Batcher } from '../lib/batcher';
import type { PriorityGate } from '../lib/priority';
import type { Clock } from '../lib/clock';
import type { FenceIndex, IndexedFence } from './fence-index';
import { marginFor, MAX_MARGIN_M, observe, type Observation } from './geometry';
import { fenceAlarm } from './records';
import { after, alarmOf, step, type PairState } from './judge';
import { applyChanges, readStates, roundsOf, type StateChange, type StoredStates } from './states';

interface EvaluatorDeps {
  db: Db;
  index: FenceIndex;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Emits stored records on the alarm hub (AlarmEngine.announce). */
  announce: (stored: AlarmRow[]) => void;
  profiles: DeviceProfiles;
  deadLetters: DeadLetters;
  /** The dwell of fences without their own, seconds (FENCE_DWELL_S); DEFAULT_FENCE_DWELL_S when omitted. */
  dwellS?: number;
  /** Urgent work's turn at the database: a batch waits for it before its statements. */
  priority?: PriorityGate;
}

/** A GPS fix of a watched device. */
export interface Fix {
  device: Pick<KnownDevice, 'id' | 'tenantId' | 'imei'>;
  p: LonLat;
  marginM: number;
  ts: number;
}

/**
 * The fix an uplink gives the evaluator, or undefined: only located messages whose receiver did
 * not call its fix invalid (a tracker's last fix resent), and no cell-tower
 * fix (accuracy over MAX_MARGIN_M, hundreds of metres), which cannot tell a side of a site fence:
 * judged, its scattered points made a locator leave and recover its site every few minutes.
 */
export function fixOf(device: Fix['device'], m: Uplink, receivedAt: number): Fix | undefined {
  if (m.kind !== 'location' || m.valid === false || m.lat === undefined || m.lon === undefined) return undefined;
  if (m.accuracy !== undefined && m.accuracy > MAX_MARGIN_M) return undefined;
  return { device, p: [m.lon, m.lat], marginM: marginFor(m.accuracy), ts: messageTime(m, receivedAt) };
}

const FLUSH_MS = 50;
const FLUSH_AT = 2_000;
const MAX_BATCH = 5_000;
const MAX_QUEUE = 50_000;

interface EvaluatorStats {
  fixes: number;
  /** Fence state changes judged in memory (the database may find some already made by another replica). */
  transitions: number;
  /** Crossings judged in memory that began waiting for their dwell, and that were cancelled (back before it ended). */
  pending: number;
  cancelled: number;
  alarms: number;
  dropped: number;
  failed: number;
}

/** A step judged in memory, with what its alarm needs. */
type Judged = StateChange & {
  tenantId: number;
  p: LonLat;
};

const CLEAR_EXIT: Observation = { inside: false, clear: true };

/**
 * Fence evaluation on ingest (docs/fences.md). Fixes of watched devices queue up and are judged
 * in batches, one batch at a time so a device's fixes keep their order: the stored states of
 * the batch's devices in one query, the index and point tests in memory, then one transaction
 * that writes the changed states (one statement per round) and their alarm records together.
 * Records are announced through the alarm engine (the alarm hub) after the commit.
 */
export class FenceEvaluator {
  readonly stats: EvaluatorStats = {
    fixes: 0,
    transitions: 0,
    pending: 0,
    cancelled: 0,
    alarms: 0,
    dropped: 0,
    failed: 0,
  };
  private readonly queue: Batcher<Fix>;
  private closed = false;
  private release: (() => void) | undefined;
  private readonly onUplink = (device: KnownDevice, m: Uplink, receivedAt: Date) => {
    const fix = fixOf(device, m, receivedAt.getTime());
    if (fix) this.push(fix);
  };

  constructor(private readonly deps: EvaluatorDeps) {
    this.queue = new Batcher<Fix>({
      log: deps.log,
      name: 'fence',
      flushMs: FLUSH_MS,
      flushAt: FLUSH_AT,
      maxBatch: MAX_BATCH,
      maxQueue: MAX_QUEUE,
      write: async (batch) => {
        await deps.priority?.clear();
        await this.evaluate(batch);
      },
      poison: (fix, err) => this.poison(fix, err),
      lost: (batch) => void (this.stats.failed += batch.length),
    });
  }

  /** Takes the pipeline's 'fences' stage. */
  start(uplinks: UplinkPipeline): void {
    this.release = uplinks.use('fences', this.onUplink);
  }

  async close(): Promise<void> {
    this.release?.();
    this.closed = true;
    await this.queue.close();
  }

  drain(): Promise<void> {
    return this.queue.drain();
  }

  push(fix: Fix): void {
    // Most fixes come from devices no fence watches: they cost one set lookup.
    if (this.closed || !this.deps.index.watches(fix.device.tenantId, fix.device.id)) return;
    if (!this.queue.push(fix)) {
      this.stats.dropped++;
      return;
    }
    this.stats.fixes++;
  }

  /** A fix whose fence changes the database refused even alone: kept as a dead letter. */
  private poison(fix: Fix, err: unknown): void {
    this.stats.failed++;
    this.deps.log.error({ err, imei: fix.device.imei }, 'fence fix could not be stored');
    this.deps.deadLetters.add({
      deviceId: fix.device.id,
      tenantId: fix.device.tenantId,
      topic: `sfwatch/${fix.device.imei}/up`,
      payload: Buffer.from(JSON.stringify({ kind: 'location', lat: fix.p[1], lon: fix.p[0], ts: fix.ts })),
      reason: 'fence',
      error: String((err as Error)?.message ?? err),
    });
  }

  /** Judges one batch against the stored states and stores what changed; answers the records raised. */
  async evaluate(batch: readonly Fix[]): Promise<AlarmRow[]> {
    const ids = [...new Set(batch.map((f) => f.device.id))];
    const states = await readStates(this.deps.db, ids);
    const changes = this.judge(batch, states);
    for (const c of changes) {
      if (c.op === 'pend') this.stats.pending++;
      else if (c.op === 'cancel') this.stats.cancelled++;
      else this.stats.transitions++;
    }
    if (changes.length === 0) return [];
    const profiles = await this.deps.profiles.load(
      changes.filter((c) => c.op === 'first' || c.op === 'change').map((c) => c.deviceId),
    );
    const createdAt = new Date(this.deps.clock.now());
    const stored = await this.deps.db.transaction(async (tx) => {
      const rows: NewAlarm[] = [];
      for (const round of roundsOf(changes)) {
        // A round holds each pair once, so the pair finds the fix that made its change: the
        // confirming fix (docs/fences.md "Dwell"), whose time and place the alarm carries.
        const byPair = new Map(round.map((c) => [`${c.fenceId}:${c.deviceId}`, c]));
        for (const ch of await applyChanges(tx, round)) {
          const c = byPair.get(`${ch.fenceId}:${ch.deviceId}`)!;
          const fence = this.deps.index.fence(c.tenantId, ch.fenceId);
          const type = fence && alarmOf(fence.type, ch.inside, ch.inserted);
          const p = profiles.get(ch.deviceId);
          if (fence && type && p) rows.push(fenceAlarm(p, type, fence, c.p, c.ts, createdAt));
        }
      }
      return insertAlarms(tx, rows);
    });
    this.emit(stored);
    return stored;
  }

  /**
   * The writes the batch's fixes make, in order (a pair may have more than one): first states,
   * crossings starting or confirmed after their dwell, and pending crossings cancelled.
   */
  judge(batch: readonly Fix[], states: StoredStates): Judged[] {
    const { index } = this.deps;
    const out: Judged[] = [];
    const judge = (f: IndexedFence, fix: Fix, known: Map<number, PairState>, o: Observation) => {
      const dwellMs = this.dwellMs(f);
      const s = step(known.get(f.id), o, fix.ts, dwellMs);
      if (s === undefined) return;
      known.set(f.id, after(s));
      out.push({
        ...s,
        fenceId: f.id,
        deviceId: fix.device.id,
        ts: fix.ts,
        dwellMs,
        tenantId: fix.device.tenantId,
        p: fix.p,
      });
    };
    for (const fix of batch) {
      const { id, tenantId } = fix.device;
      const known = states.get(id) ?? states.set(id, new Map()).get(id)!;
      const near = new Set<number>();
      for (const f of index.candidates(tenantId, id, fix.p, fix.marginM)) {
        near.add(f.id);
        judge(f, fix, known, observe(f, fix.p, fix.marginM));
      }
      // A fence the query missed is more than the margin away: a device stored inside it is clearly out.
      for (const [fenceId, state] of [...known]) {
        if (!state.inside || near.has(fenceId)) continue;
        const f = index.fence(tenantId, fenceId);
        if (!f || !index.watching(f, tenantId, id)) continue;
        judge(f, fix, known, CLEAR_EXIT);
      }
    }
    return out;
  }

  /** A fence's dwell in ms: its own, else the service's. */
  private dwellMs(f: IndexedFence): number {
    return (f.dwellS ?? this.deps.dwellS ?? DEFAULT_FENCE_DWELL_S) * 1000;
  }

  private emit(stored: AlarmRow[]): void {
    this.stats.alarms += stored.length;
    if (stored.length === 0) return;
    try {
      this.deps.announce(stored);
    } catch (err) {
      this.deps.log.error({ err }, 'fence alarms could not be announced');
    }
  }
}
