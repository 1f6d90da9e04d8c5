import { count, inArray, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { faceSamples } from '../../entities/face-sample/table';

interface CachedSample {
  id: number;
  labels: string;
  libraryId: number;
  embedding: number[];
}

interface Entry {
  samples: CachedSample[];
  /** count and highest id of the libraries' samples when read. */
  stamp: string;
  at: number;
}

/** An entry is trusted this long without a change seen by this replica (updates elsewhere). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 50;

/**
 * The samples a verification compares with, kept in memory between verifications: reading 10,000
 * embeddings from the database costs seconds, comparing them milliseconds. An entry is dropped
 * when a sample or library of this replica changes, and re-read when the libraries' sample count
 * or highest id moved (a sample added or deleted on another replica) or after `TTL_MS` (a sample
 * updated on another replica).
 */
type Db = Pick<FastifyInstance['db'], 'select'>;

/** The cache of a service (keyed by its database handle, which every plugin context shares). */
const caches = new WeakMap<object, FaceLibraryCache>();

/** The service's cache, made by the first caller (the face distribution plugin, at registration). */
export function faceLibraryCache(app: FastifyInstance): FaceLibraryCache {
  let cache = caches.get(app.db);
  if (!cache) caches.set(app.db, (cache = new FaceLibraryCache(app)));
  return cache;
}

class FaceLibraryCache {
  private entries = new Map<string, Entry>();

  constructor(private readonly app: FastifyInstance) {}

  clear(): void {
    this.entries.clear();
  }

  /** The samples of these libraries; inside a transaction pass it as `db` (PGlite has one connection). */
  async samples(libraryIds: readonly number[], db: Db = this.app.db): Promise<CachedSample[]> {
    if (libraryIds.length === 0) return [];
    const ids = [...new Set(libraryIds)].sort((a, b) => a - b);
    const key = ids.join(',');
    const [now] = await db
      .select({ n: count(), top: max(faceSamples.id) })
      .from(faceSamples)
      .where(inArray(faceSamples.libraryId, ids));
    const stamp = `${now?.n ?? 0}:${now?.top ?? 0}`;
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && this.app.clock.now() - hit.at < TTL_MS) return hit.samples;
    const samples = await db
      .select({
        id: faceSamples.id,
        labels: faceSamples.labels,
        libraryId: faceSamples.libraryId,
        embedding: faceSamples.embedding,
      })
      .from(faceSamples)
      .where(inArray(faceSamples.libraryId, ids));
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { samples, stamp, at: this.app.clock.now() });
    return samples;
  }
}
