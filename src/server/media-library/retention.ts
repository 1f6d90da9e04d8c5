import { and, count, eq, gt, inArray, lt, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { StorageUsage } from '../../shared/storage';
import type { Tx } from '../engine/types';
import { photos } from '../../entities/photo/table';
import { videoRecords } from '../../entities/vcr/table';
import { storedName } from '../uploads/thumbnail';
import { tenants, uploads } from '../db/schema';

/** Rows removed per step, so a tenant with years of recordings never holds one long transaction. */
const STEP = 200;
const DAY_MS = 86_400_000;

/** /CloudStorage: what the tenant keeps, against its quota (docs/requirements/realtime-video.md#video-monitors). */
export async function storageUsage(app: FastifyInstance, tenantId: number): Promise<StorageUsage> {
  const [[used], [recs], [pics], [tenant]] = await Promise.all([
    app.db
      .select({ bytes: sum(uploads.bytes), n: count() })
      .from(uploads)
      .where(eq(uploads.tenantId, tenantId)),
    app.db
      .select({ bytes: sum(videoRecords.size), n: count() })
      .from(videoRecords)
      .where(eq(videoRecords.tenantId, tenantId)),
    app.db.select({ n: count() }).from(photos).where(eq(photos.tenantId, tenantId)),
    app.db.select({ days: tenants.mediaRetentionDays }).from(tenants).where(eq(tenants.id, tenantId)),
  ]);
  return {
    backend: app.storage.kind,
    quotaBytes: app.config.uploadQuotaBytes,
    usedBytes: Number(used?.bytes ?? 0),
    uploads: Number(used?.n ?? 0),
    recordings: { count: Number(recs?.n ?? 0), bytes: Number(recs?.bytes ?? 0) },
    photos: { count: Number(pics?.n ?? 0) },
    retentionDays: tenant?.days ?? 0,
  };
}

interface PurgeResult {
  recordings: number;
  photos: number;
  files: number;
  bytes: number;
}

/** Stored names a row points at (recordings keep a bare name; photos a `/api/file/` URL); demo files in public/ are not ours to delete. */
const namesOf = (values: (string | null)[]) =>
  values
    .flatMap((v) => (v ? [storedName(v) ?? (/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(v) ? v : undefined)] : []))
    .filter((v): v is string => Boolean(v));

/**
 * Deletes the tenant's recordings and photos older than its retention (pinned ones stay), then
 * their stored files and upload rows, so the quota frees up. `progress` gets the rows done.
 */
export async function purgeExpired(
  app: FastifyInstance,
  tenantId: number,
  days: number,
  progress: (done: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<PurgeResult> {
  const out: PurgeResult = { recordings: 0, photos: 0, files: 0, bytes: 0 };
  if (days <= 0) return out;
  const before = new Date(app.clock.now() - days * DAY_MS);
  const expired = <T extends typeof videoRecords | typeof photos>(table: T, last: number) =>
    and(eq(table.tenantId, tenantId), eq(table.pinned, false), lt(table.createdAt, before), gt(table.id, last));
  const kinds: {
    key: 'recordings' | 'photos';
    batch: (last: number) => Promise<{ id: number; files: (string | null)[] }[]>;
    remove: (tx: Tx, ids: number[]) => Promise<unknown>;
  }[] = [
    {
      key: 'recordings',
      batch: async (last) =>
        (
          await app.db
            .select({ id: videoRecords.id, file: videoRecords.file, poster: videoRecords.poster })
            .from(videoRecords)
            .where(expired(videoRecords, last))
            .orderBy(videoRecords.id)
            .limit(STEP)
        ).map((r) => ({ id: r.id, files: [r.file, r.poster] })),
      remove: (tx, ids) => tx.delete(videoRecords).where(inArray(videoRecords.id, ids)),
    },
    {
      key: 'photos',
      batch: async (last) =>
        (
          await app.db
            .select({ id: photos.id, image: photos.image, thumb: photos.thumb })
            .from(photos)
            .where(expired(photos, last))
            .orderBy(photos.id)
            .limit(STEP)
        ).map((r) => ({ id: r.id, files: [r.image, r.thumb] })),
      remove: (tx, ids) => tx.delete(photos).where(inArray(photos.id, ids)),
    },
  ];
  for (const { key, batch, remove } of kinds) {
    let last = 0;
    for (;;) {
      signal?.throwIfAborted();
      const rows = await batch(last);
      if (!rows.length) break;
      last = rows[rows.length - 1]!.id;
      const names = namesOf(rows.flatMap((r) => r.files));
      await app.db.transaction(async (tx) => {
        await remove(
          tx,
          rows.map((r) => r.id),
        );
        if (names.length) {
          const freed = await tx
            .delete(uploads)
            .where(and(eq(uploads.tenantId, tenantId), inArray(uploads.name, names)))
            .returning({ name: uploads.name, bytes: uploads.bytes });
          out.files += freed.length;
          out.bytes += freed.reduce((n, f) => n + f.bytes, 0);
        }
      });
      // Files go after their rows: a failed delete leaves an orphan file, never a row without its file.
      await Promise.all(names.map((n) => app.storage.delete(n).catch(() => undefined)));
      out[key] += rows.length;
      progress(out.recordings + out.photos);
    }
  }
  return out;
}

/** The daily sweep of every company with a retention (housekeeping); idempotent, any replica may run it. */
export async function purgeAllTenants(app: FastifyInstance): Promise<number> {
  const rows = await app.db.select({ id: tenants.id, days: tenants.mediaRetentionDays }).from(tenants);
  let removed = 0;
  for (const t of rows)
    if (t.days > 0) {
      const done = await purgeExpired(app, t.id, t.days);
      removed += done.recordings + done.photos;
    }
  return removed;
}
