import type { StatsFs } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Component, ComponentHealth, HealthReport, HealthState } from '../../shared/health';
import type { Db } from '../db/driver';
import type { IngestStats } from '../ingest/stats';
import { within } from '../../shared/within';

interface HealthDeps {
  db: Db;
  dataDir: string;
  /** Free bytes on the data disk below which the service stops acknowledging (0: no mark). */
  lowWaterBytes: number;
  ingest: { depth(): number; readonly capacity: number };
  stats: IngestStats;
  /** The broker link (the embedded broker is in this process: ok while the process runs). */
  broker: () => ComponentHealth;
  /** The device protocol listeners this process started, and whether each still listens. */
  listeners: () => { name: string; listening: boolean }[];
  now: () => number;
  /** How long a database probe may take before the database counts as down. */
  probeMs?: number;
}

/** A failed batch write this recently makes the database degraded even when it answers a probe. */
const WRITE_FAILURE_MS = 30_000;
const PROBE_MS = 800;
/** The disk is read at most this often (statfs is cheap, but health may be polled by many). */
const DISK_EVERY_MS = 2_000;

const worst = (states: HealthState[]): HealthState =>
  states.includes('down') ? 'down' : states.includes('degraded') ? 'degraded' : 'ok';

export class HealthMonitor {
  private probe: Promise<ComponentHealth> | undefined;
  private disk: { at: number; health: ComponentHealth; low: boolean } | undefined;
  private diskRead: Promise<void> | undefined;
  private failed = { count: 0, at: -Infinity };

  constructor(private readonly deps: HealthDeps) {}

  /** Every component, within `probeMs` (a database that does not answer by then is down). */
  async report(): Promise<HealthReport> {
    const [database, disk] = await Promise.all([this.database(), this.diskHealth()]);
    const components: Record<Component, ComponentHealth> = {
      database,
      broker: safely(this.deps.broker),
      disk,
      ingest: this.ingest(),
      listeners: this.listeners(),
    };
    const state = worst(Object.values(components).map((c) => c.state));
    const ready = database.state !== 'down' && disk.state !== 'down' && components.ingest.state !== 'down';
    return { state, ready, components };
  }

  /**
   * Whether the data disk is below its low-water mark, as last read: the ingest stops
   * acknowledging then, so devices keep their messages until there is room again.
   */
  diskLow(): boolean {
    const at = this.deps.now();
    if (!this.disk || at - this.disk.at >= DISK_EVERY_MS) void this.diskHealth();
    return this.disk?.low ?? false;
  }

  private database(): Promise<ComponentHealth> {
    // One probe at a time: a database that hangs is asked once, not once per health request.
    this.probe ??= this.deps.db
      .execute(sql`select 1`)
      .then(() => ({ state: 'ok' as const }))
      .catch((err: unknown) => ({ state: 'down' as const, detail: `not answering: ${messageOf(err)}` }))
      .finally(() => (this.probe = undefined));
    const limit = this.deps.probeMs ?? PROBE_MS;
    return within(this.probe, limit, (): ComponentHealth => ({
      state: 'down',
      detail: `no answer within ${limit} ms`,
    })).then((health) => {
      if (health.state !== 'ok') return health;
      // A database that answers a probe may still refuse writes (a full disk, a read-only replica):
      // batches it did not take, whether their devices resend them or not.
      const failed = this.deps.stats.dropped.failed + this.deps.stats.notStoredResent;
      if (failed > this.failed.count) this.failed = { count: failed, at: this.deps.now() };
      return this.deps.now() - this.failed.at < WRITE_FAILURE_MS
        ? { state: 'degraded', detail: 'writes failed in the last 30 s' }
        : health;
    });
  }

  private async diskHealth(): Promise<ComponentHealth> {
    const at = this.deps.now();
    if (this.disk && at - this.disk.at < DISK_EVERY_MS) return this.disk.health;
    this.diskRead ??= this.readDisk(at).finally(() => (this.diskRead = undefined));
    await this.diskRead;
    return this.disk!.health;
  }

  private async readDisk(at: number): Promise<void> {
    try {
      const s = await statfsOfDisk(this.deps.dataDir);
      const free = s.bavail * s.bsize;
      const mark = this.deps.lowWaterBytes;
      const mb = (n: number) => `${Math.floor(n / 1_048_576)} MB`;
      const low = mark > 0 && free < mark;
      const health: ComponentHealth = low
        ? { state: 'down', detail: `${mb(free)} free, under the low-water mark of ${mb(mark)}: not acknowledging` }
        : mark > 0 && free < mark * 2
          ? { state: 'degraded', detail: `${mb(free)} free, near the low-water mark of ${mb(mark)}` }
          : { state: 'ok' };
      this.disk = { at, health, low };
    } catch (err) {
      // A data directory that cannot be read is a fault of its own, not a full disk.
      this.disk = { at, health: { state: 'degraded', detail: `cannot read: ${messageOf(err)}` }, low: false };
    }
  }

  private ingest(): ComponentHealth {
    const depth = this.deps.ingest.depth();
    const capacity = this.deps.ingest.capacity;
    if (depth >= capacity) return { state: 'down', detail: `queue full (${depth} messages)` };
    if (depth >= capacity / 2) return { state: 'degraded', detail: `${depth} of ${capacity} messages queued` };
    return { state: 'ok' };
  }

  private listeners(): ComponentHealth {
    const closed = this.deps.listeners().filter((l) => !l.listening);
    return closed.length
      ? { state: 'down', detail: `not listening: ${closed.map((l) => l.name).join(', ')}` }
      : { state: 'ok' };
  }
}

/**
 * The file system the data directory is (or will be) on: before the service first writes there
 * (PostgreSQL keeps no data in it), the nearest folder above it that exists.
 */
async function statfsOfDisk(dir: string): Promise<StatsFs> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      return await statfs(at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw err;
    }
  }
}

function safely(read: () => ComponentHealth): ComponentHealth {
  try {
    return read();
  } catch (err) {
    return { state: 'degraded', detail: messageOf(err) };
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
