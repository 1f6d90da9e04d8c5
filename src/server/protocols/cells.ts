import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Cell, Uplink } from '../../shared/devices/protocol';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { perTurn } from '../lib/turn-batch';

/** What the cell-tower table (src/entities/cell-tower/) says of one cell. */
interface TowerFix {
  lat: number;
  lon: number;
  /** OpenCellID's range, metres. */
  range: number;
}

/** Cells remembered, found or not: a fleet of LBS trackers on the same towers costs few queries. */
const CELL_CACHE_SIZE = 50_000;
/**
 * A cell position is never claimed closer than this (OpenCellID's range can be 0 for a cell seen
 * once). Above the fence evaluator's MAX_MARGIN_M (src/server/fences/geometry.ts), so a cell fix
 * never enters or leaves a site fence.
 */
export const MIN_CELL_ACCURACY_M = 200;
/** Remembered misses are asked again after this, answers after HIT_TTL_MS: another replica's import may have changed the cell. */
const MISS_TTL_MS = 10 * 60_000;
const HIT_TTL_MS = 60 * 60_000;

type Location = Extract<Uplink, { kind: 'location' }>;

const keyOf = (c: Cell) => `${c.mcc}:${c.mnc}:${c.lac}:${c.cid}`;

/**
 * Cell towers to approximate positions (docs/protocols.md "Cell towers"): the serving cell of an
 * LBS report, else the first of the others the table knows. Without the table nothing is
 * guessed. Look-ups of one event-loop turn share one statement (turn-batch.ts); answers,
 * misses too, sit in an LRU of CELL_CACHE_SIZE.
 */
export class CellLookup {
  private readonly cache = new Map<string, { fix: TowerFix | null; at: number }>();
  private readonly load: (key: string) => Promise<TowerFix | undefined>;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.load = perTurn(async (keys: string[]) => {
      const tuples = keys.map((k) => {
        const [mcc, net, area, cell] = k.split(':').map(Number);
        return sql`(${mcc}::int, ${net}::int, ${area}::bigint, ${cell}::bigint)`;
      });
      const rows = rowsOf<{
        mcc: number;
        net: number;
        area: string | number;
        cell: string | number;
        lat: number;
        lon: number;
        range: number;
      }>(
        await db.execute(
          sql`select mcc, net, area, cell, lat, lon, range from cell_towers where (mcc, net, area, cell) in (${sql.join(tuples, sql`, `)})`,
        ),
      );
      return new Map(
        rows.map((r) => [
          `${r.mcc}:${r.net}:${r.area}:${r.cell}`,
          { lat: Number(r.lat), lon: Number(r.lon), range: Number(r.range) },
        ]),
      );
    }, 500);
  }

  /** One cell's tower, from the cache or the table; undefined: the table does not know it. */
  async tower(cell: Cell): Promise<TowerFix | undefined> {
    const key = keyOf(cell);
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < (hit.fix ? HIT_TTL_MS : MISS_TTL_MS)) {
      // Least recently used first: a hit moves to the end.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.fix ?? undefined;
    }
    const fix = await this.load(key);
    this.cache.delete(key);
    if (this.cache.size >= CELL_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { fix: fix ?? null, at: this.now() });
    return fix;
  }

  /** The serving cell's tower, else the first other cell (in the report's order) the table knows. */
  async locate(cells: readonly Cell[]): Promise<TowerFix | undefined> {
    const [serving, ...others] = cells;
    if (!serving) return undefined;
    const first = await this.tower(serving);
    if (first) return first;
    const found = await Promise.all(others.map((c) => this.tower(c)));
    return found.find((f) => f !== undefined);
  }

  /**
   * The uplink with the position its cells give, when it is a location with cells and no
   * position of its own; otherwise (or when no cell is known) the uplink unchanged.
   */
  async position(uplink: Uplink): Promise<Uplink> {
    if (!needsCells(uplink)) return uplink;
    const fix = await this.locate(uplink.cells!);
    if (!fix) return uplink;
    return { ...uplink, lat: fix.lat, lon: fix.lon, accuracy: Math.max(fix.range, MIN_CELL_ACCURACY_M) };
  }

  /** Forgets every answer (after an import, so misses are asked again). */
  clear(): void {
    this.cache.clear();
  }
}

/** A location uplink with cells and no position of its own: what the table can place. */
function needsCells(uplink: Uplink): uplink is Location {
  return (
    uplink.kind === 'location' &&
    (uplink.lat === undefined || uplink.lon === undefined) &&
    uplink.x === undefined &&
    !!uplink.cells?.length
  );
}

/**
 * A connection's frames, placed by the cell-tower table before the ingest sees them: a location
 * with cells and no position first gets one (CellLookup), and the frames after it on the same
 * connection wait for it, so their uplinks reach the ingest in the order they came.
 */
export class PlacedInOrder {
  /** Per connection, the last frame still waiting for its look-up. */
  private readonly waiting = new WeakMap<object, Promise<void>>();

  constructor(
    private readonly cells: CellLookup,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Hands `uplinks` to `accept`, placed, after the frames before them on `connection`. */
  accept(connection: object, imei: string, uplinks: Uplink[], accept: (uplinks: Uplink[]) => void): void {
    const before = this.waiting.get(connection);
    if (!before && !uplinks.some(needsCells)) return accept(uplinks);
    // Started now, so the look-ups of every frame of this turn share a statement.
    const placed = Promise.all(
      uplinks.map((u) =>
        this.cells.position(u).catch((err: unknown) => {
          this.log.warn({ err, imei }, 'cell tower look-up failed');
          return u;
        }),
      ),
    );
    const done = (before ?? Promise.resolve())
      .then(() => placed)
      .then(accept)
      .catch((err: unknown) => this.log.error({ err, imei }, 'uplinks not accepted'));
    this.waiting.set(connection, done);
    void done.finally(() => {
      if (this.waiting.get(connection) === done) this.waiting.delete(connection);
    });
  }
}
