import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { devices, products } from '../db/schema';
import type { Clock } from '../lib/clock';
import { perTurn } from '../lib/turn-batch';
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
  private readonly load = perTurn((imeis: string[]) => this.loadMany(imeis), LOAD_AT);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(imei: string): Promise<KnownDevice | undefined> {
    const hit = this.cached(imei);
    return hit ? hit.device : this.refresh(imei);
  }

  /**
   * The entry of `imei` when there is one, without waiting (undefined: not cached, `get` loads
   * it). A stale entry is served while one refresh runs in the background: at 10,000 devices the
   * whole fleet expires every 30 s, and making each message wait for its lookup stalls ingest.
   */
  cached(imei: string): { device: KnownDevice | undefined } | undefined {
    const hit = this.entries.get(imei);
    if (hit && this.clock.now() - hit.at >= TTL_MS) void this.refresh(imei).catch(() => {});
    return hit;
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

  private async loadMany(imeis: string[]): Promise<Map<string, KnownDevice>> {
    const rows = await this.db
      .select({
        id: devices.id,
        imei: devices.imei,
        tenantId: devices.tenantId,
        kind: devices.kind,
        state: devices.state,
        stockState: devices.stockState,
        messageType: devices.messageType,
        secretVersion: devices.secretVersion,
        strictFraming: products.strictFraming,
        jt808AuthRequired: products.jt808AuthRequired,
      })
      .from(devices)
      .leftJoin(products, eq(products.id, devices.productId))
      .where(inArray(devices.imei, imeis));
    const found = new Map<string, KnownDevice>();
    for (const row of rows)
      found.set(row.imei, {
        ...row,
        messageType: row.messageType === 'cbor' ? 'cbor' : 'json',
        strictFraming: row.strictFraming ?? false,
        jt808AuthRequired: row.jt808AuthRequired ?? true,
      });
    const at = this.clock.now();
    if (this.entries.size + imeis.length > MAX_ENTRIES) this.entries.clear();
    for (const imei of imeis) this.entries.set(imei, { at, device: found.get(imei) });
    return found;
  }
}
