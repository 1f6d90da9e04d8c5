import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows';
import { JobError, type JobHandler } from '../../server/jobs/runner';
import type { Db } from '../../server/db/driver';
import type { Tx } from '../../server/engine/types';
import { buildings } from '../building';
import { rooms } from '../room';
import { units } from '../unit';
import { checkSizes, parseNamingRule, type Placeholder, type RulePart } from '../../shared/community-naming';
import { DEFAULT_NAMING_RULE } from './resource';
import { communities } from './table';

/** The job kind of the room generator (registered in src/server/plugins/jobs.ts). */
export const COMMUNITY_ROOMS_JOB = 'communityRooms';

/** A rule as a SQL text expression over the given number expressions (zero-padded like roomNameOf). */
function ruleSql(parts: readonly RulePart[], at: Record<Placeholder, SQL>): SQL {
  const pieces = parts.map((p) => {
    if ('text' in p) return sql`${p.text}::text`;
    const v = sql`(${at[p.key]})::text`;
    return p.width > 1 ? sql`(case when length(${v}) >= ${p.width} then ${v} else lpad(${v}, ${p.width}, '0') end)` : v;
  });
  return sql.join(pieces, sql` || `);
}

interface GenerateResult {
  buildings: number;
  units: number;
  /** Rooms the community has in all after the run, and how many this run added. */
  rooms: number;
  created: number;
}

/**
 * Creates the buildings (1..buildingCount, "N栋"), their units (1..unitCount, "N单元") and every
 * unit's rooms (floors 1..floorCount x rooms 1..roomCount, named by the community's rule) that
 * do not exist yet: running it again adds nothing, and growing a count adds only the new rows.
 * Rows beyond the counts are kept (rooms may have residents). Progress is reported per unit.
 */
export async function generateCommunity(
  db: Db | Tx,
  tenantId: number,
  communityId: number,
  progress: (done: number, total: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<GenerateResult> {
  const [c] = await db
    .select()
    .from(communities)
    .where(and(eq(communities.id, communityId), eq(communities.tenantId, tenantId)));
  if (!c) throw new JobError('notFound');
  const sizes = checkSizes(c);
  if (!sizes.ok) throw new JobError(sizes.key);
  const rule = parseNamingRule(c.namingRule || DEFAULT_NAMING_RULE);
  if (!rule.ok) throw new JobError(rule.key);
  const roomsBefore = await countRooms(db, communityId);
  const perUnit = c.floorCount * c.roomCount;
  let done = 0;
  progress(0, sizes.rooms);
  for (let b = 1; b <= c.buildingCount; b++) {
    signal?.throwIfAborted();
    await db
      .insert(buildings)
      .values({ tenantId, communityId, number: b, name: `${b}栋` })
      .onConflictDoNothing({ target: [buildings.communityId, buildings.number] });
    const [building] = await db
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.communityId, communityId), eq(buildings.number, b)));
    for (let u = 1; u <= c.unitCount; u++) {
      signal?.throwIfAborted();
      await db
        .insert(units)
        .values({
          tenantId,
          communityId,
          buildingId: building!.id,
          number: u,
          name: `${u}单元`,
          floorCount: c.floorCount,
        })
        .onConflictDoNothing({ target: [units.buildingId, units.number] });
      const [unit] = await db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.buildingId, building!.id), eq(units.number, u)));
      const name = ruleSql(rule.parts, {
        building: sql`${b}::int`,
        unit: sql`${u}::int`,
        floor: sql`f.v`,
        room: sql`r.v`,
      });
      await db.execute(sql`
        insert into ${rooms} (tenant_id, community_id, building_id, unit_id, floor, number, name)
        select ${tenantId}::int, ${communityId}::int, ${building!.id}::int, ${unit!.id}::int, f.v, r.v, ${name}
        from generate_series(1, ${c.floorCount}::int) as f(v), generate_series(1, ${c.roomCount}::int) as r(v)
        order by f.v, r.v
        on conflict (unit_id, floor, number) do nothing`);
      done += perUnit;
      progress(done, sizes.rooms);
    }
  }
  const roomsAfter = await countRooms(db, communityId);
  const [nb] = await db.select({ n: count() }).from(buildings).where(eq(buildings.communityId, communityId));
  const [nu] = await db.select({ n: count() }).from(units).where(eq(units.communityId, communityId));
  return {
    buildings: Number(nb?.n ?? 0),
    units: Number(nu?.n ?? 0),
    rooms: roomsAfter,
    created: roomsAfter - roomsBefore,
  };
}

async function countRooms(db: Db | Tx, communityId: number): Promise<number> {
  const [n] = await db.select({ n: count() }).from(rooms).where(eq(rooms.communityId, communityId));
  return Number(n?.n ?? 0);
}

/** The room generator as a background job: params { communityId }, the caller's tenant. */
export const communityRoomsJob: JobHandler = async (job, run) => {
  const { communityId } = job.params as { communityId: number };
  const result = await generateCommunity(
    run.app.db,
    run.scope.tenantId,
    communityId,
    (done, total) => run.progress(done, total),
    run.signal,
  );
  return { rows: result.created, result: { ...result } };
};

interface RenameChange {
  id: number;
  from: string;
  to: string;
}

/** The name each room of the community would get under `rule`, as a SQL expression over rooms joined with units and buildings. */
function renamedSql(parts: readonly RulePart[]): SQL {
  return ruleSql(parts, {
    building: sql`${buildings.number}`,
    unit: sql`${units.number}`,
    floor: sql`${rooms.floor}`,
    room: sql`${rooms.number}`,
  });
}

/** The rooms a new rule would rename (old → new), `limit` of them from `offset` in id order, and how many in all. */
export async function previewRename(
  db: Db,
  tenantId: number,
  communityId: number,
  rule: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; changes: RenameChange[] }> {
  const parsed = parseNamingRule(rule);
  if (!parsed.ok) throw new JobError(parsed.key);
  const to = renamedSql(parsed.parts);
  const where = and(eq(rooms.tenantId, tenantId), eq(rooms.communityId, communityId), sql`${rooms.name} <> ${to}`);
  const base = () =>
    db
      .select({ id: rooms.id, from: rooms.name, to: sql<string>`${to}` })
      .from(rooms)
      .innerJoin(units, eq(units.id, rooms.unitId))
      .innerJoin(buildings, eq(buildings.id, rooms.buildingId));
  const [n] = await db
    .select({ n: count() })
    .from(rooms)
    .innerJoin(units, eq(units.id, rooms.unitId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(where);
  const changes = await base().where(where).orderBy(asc(rooms.id)).limit(page.limit).offset(page.offset);
  return { total: Number(n?.n ?? 0), changes };
}

/** Stores the new rule and renames every room of the community by it, in one transaction; answers how many were renamed. */
export async function applyRename(db: Db, tenantId: number, communityId: number, rule: string): Promise<number> {
  const parsed = parseNamingRule(rule);
  if (!parsed.ok) throw new JobError(parsed.key);
  return db.transaction(async (tx) => {
    await tx
      .update(communities)
      .set({ namingRule: rule })
      .where(and(eq(communities.id, communityId), eq(communities.tenantId, tenantId)));
    const to = ruleSql(parsed.parts, {
      building: sql`b.number`,
      unit: sql`u.number`,
      floor: sql`r.floor`,
      room: sql`r.number`,
    });
    const res = await tx.execute(sql`
      update ${rooms} as r set name = ${to}
      from ${units} as u, ${buildings} as b
      where u.id = r.unit_id and b.id = r.building_id and r.tenant_id = ${tenantId}::int and r.community_id = ${communityId}::int and r.name <> ${to}
      returning r.id`);
    return rowsOf(res).length;
  });
}
