import type { Tx } from './driver';

/** What every seed is told: the demo site's tenant and the platform's (the super administrator's). */
export interface SeedContext {
  tenantId: number;
  platformTenantId: number;
}

/**
 * The demo data of an entity folder (src/entities/<name>/seed.ts, default export), listed in
 * src/entities/seeds.gen.ts. src/server/db/seed.ts runs `demo` on a fresh demo database after the
 * core's seeds (devices, workers, faces ...), and `ifMissing` on an existing one outside production.
 */
export interface EntitySeed {
  /**
   * The entity folders whose seeds run first: those whose rows this one reads, or that insert
   * into a table this one inserts into too (the ids follow the order).
   */
  after?: readonly string[];
  /** Writes the demo rows into a fresh demo database, in the seed's transaction. */
  demo(tx: Tx, ctx: SeedContext): Promise<void>;
  /** On a database seeded by an older release: adds the rows when they are missing. */
  ifMissing?(tx: Tx): Promise<void>;
}

/** An entity folder's seed (identity: it types the default export). */
export function defineSeed(seed: EntitySeed): EntitySeed {
  return seed;
}

/**
 * The seeds in the order they run: each after the folders its `after` names, otherwise in list
 * order (the folders' names). Throws on a name no folder with a seed.ts has, and on a cycle.
 */
export function orderSeeds<T extends { entity: string; seed: EntitySeed }>(list: readonly T[]): T[] {
  const byName = new Map(list.map((item) => [item.entity, item]));
  for (const { entity, seed } of list) {
    for (const name of seed.after ?? []) {
      if (!byName.has(name))
        throw new Error(`src/entities/${entity}/seed.ts: after '${name}', which is no entity folder with a seed.ts`);
    }
  }
  const done = new Set<string>();
  const ordered: T[] = [];
  while (ordered.length < list.length) {
    const next = list.find(
      ({ entity, seed }) => !done.has(entity) && (seed.after ?? []).every((name) => done.has(name)),
    );
    if (!next) {
      const left = list.filter(({ entity }) => !done.has(entity)).map(({ entity }) => entity);
      throw new Error(`The entity seeds wait on each other (after): ${left.join(', ')}`);
    }
    done.add(next.entity);
    ordered.push(next);
  }
  return ordered;
}
