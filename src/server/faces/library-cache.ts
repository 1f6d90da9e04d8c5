import { count, inArray, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { faceSamples } from '../../entities/face-sample/server';

export interface CachedSample {
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
export class FaceLibraryCache {
  private entries = new Map<string, Entry>();

  constructor(private readonly app: FastifyInstance) {}

  clear(): void {
    this.entries.clear();
  }

  async samples(libraryIds: readonly number[]): Promise<CachedSample[]> {
    if (libraryIds.length === 0) return [];
    const ids = [...new Set(libraryIds)].sort((a, b) => a - b);
    const key = ids.join(',');
    const [now] = await this.app.db.select({ n: count(), top: max(faceSamples.id) }).from(faceSamples).where(inArray(faceSamples.libraryId, ids));
    const stamp = `${now?.n ?? 0}:${now?.top ?? 0}`;
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && this.app.clock.now() - hit.at < TTL_MS) return hit.samples;
    const samples = await this.app.db
      .select({ id: faceSamples.id, labels: faceSamples.labels, libraryId: faceSamples.libraryId, embedding: faceSamples.embedding })
      .from(faceSamples)
      .where(inArray(faceSamples.libraryId, ids));
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { samples, stamp, at: this.app.clock.now() });
    return samples;
  }
}
