import { inArray } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { devices } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { KnownDevice } from './hub';

const TTL_MS = 30_000;
const MAX_ENTRIES = 200_000;
/** IMEIs per look-up statement. */
const LOAD_AT = 1_000;

/**
 * imei -> device facts, read through from the database. Entries are refreshed after 30 s, so a
 * change made by another replica (allocation, recycle) is seen within about that time; this
 * process invalidates its own changes at once.
 * Unknown IMEIs are cached too, so a flood from a bogus device costs one query per 30 s.
 * Look-ups wanted in the same turn of the event loop share one statement (up to LOAD_AT IMEIs):
 * at 10,000 devices a refresh each every 30 s was 333 statements a second, the largest number
 * the database ran under a fleet's traffic (docs/performance.md "Ingest").
 */
export class DeviceCache {
  private entries = new Map<string, { at: number; device: KnownDevice | undefined }>();
  private pending = new Map<string, Promise<KnownDevice | undefined>>();
  /** IMEIs waiting for the next look-up statement, with who waits for each. */
  private wanted = new Map<string, { resolve: (d: KnownDevice | undefined) => void; reject: (err: unknown) => void }>();
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(imei: string): Promise<KnownDevice | undefined> {
    const hit = this.entries.get(imei);
    if (hit && this.clock.now() - hit.at < TTL_MS) return hit.device;
    // A stale entry is served while one refresh runs in the background: at 10,000 devices the
    // whole fleet expires every 30 s, and making each message wait for its lookup stalls ingest.
    if (hit) {
      void this.refresh(imei).catch(() => {});
      return hit.device;
    }
    return this.refresh(imei);
  }

  private refresh(imei: string): Promise<KnownDevice | undefined> {
    let p = this.pending.get(imei);
    if (!p) {
      p = this.load(imei).finally(() => this.pending.delete(imei));
      this.pending.set(imei, p);
    }
    return p;
  }

  /** Updates a cached entry in place (the ingest's own state changes). */
  patch(imei: string, change: Partial<KnownDevice>): void {
    const hit = this.entries.get(imei);
    if (hit?.device) Object.assign(hit.device, change);
  }

  invalidate(imei?: string): void {
    if (imei === undefined) this.entries.clear();
    else this.entries.delete(imei);
  }

  private load(imei: string): Promise<KnownDevice | undefined> {
    return new Promise((resolve, reject) => {
      this.wanted.set(imei, { resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        const batch = [...this.wanted];
        this.wanted.clear();
        for (let i = 0; i < batch.length; i += LOAD_AT) void this.loadMany(batch.slice(i, i + LOAD_AT));
      });
    });
  }

  private async loadMany(batch: [string, { resolve: (d: KnownDevice | undefined) => void; reject: (err: unknown) => void }][]): Promise<void> {
    let rows;
    try {
      rows = await this.db
        .select({
          id: devices.id,
          imei: devices.imei,
          tenantId: devices.tenantId,
          kind: devices.kind,
          state: devices.state,
          stockState: devices.stockState,
          messageType: devices.messageType,
          secretVersion: devices.secretVersion,
        })
        .from(devices)
        .where(inArray(devices.imei, batch.map(([imei]) => imei)));
    } catch (err) {
      for (const [, w] of batch) w.reject(err);
      return;
    }
    const found = new Map(rows.map((row) => [row.imei, row]));
    const at = this.clock.now();
    if (this.entries.size + batch.length > MAX_ENTRIES) this.entries.clear();
    for (const [imei, w] of batch) {
      const row = found.get(imei);
      const device = row ? { ...row, messageType: row.messageType === 'cbor' ? ('cbor' as const) : ('json' as const) } : undefined;
      this.entries.set(imei, { at, device });
      w.resolve(device);
    }
  }
}
