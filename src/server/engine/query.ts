import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { SOFT_STATUS } from '../../shared/codes';
import { dateProblem, parseDate } from '../../shared/dates';
import { MESSAGES } from '../../shared/messages';
import type { FieldDef } from '../../shared/resources';
import { LIST_COUNT_CAP, type ListQuery, type ListResult } from '../../shared/resources/list';
import { isPlatformScope, type Scope } from '../db/scope';
import { fail } from '../lib/api-error';
import type { Binding, Ctx, Row, Tx } from './types';

/** `%` and `_` match themselves; backslash is PostgreSQL's default LIKE escape. */
export const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Where every read of the binding starts: tenant scope plus its own visibility rule. */
export function scopeWhere(b: Binding, scope: Scope): SQL | undefined {
  const tenant = b.tenantId && !isPlatformScope(scope) ? eq(b.tenantId, scope.tenantId) : undefined;
  // Deleted rows of a soft-deleting resource exist only for administrators (to restore them).
  const deleted = b.def.softDelete && !isAdministrator(scope) ? ne(softStatus(b), SOFT_STATUS.deleted) : undefined;
  return and(tenant, deleted, b.readWhere?.(scope));
}

export const isAdministrator = (scope: Scope) => scope.kind === 'super' || scope.kind === 'admin';

export function softStatus(b: Binding): PgColumn {
  const col = b.columns.status;
  if (!col) throw new Error(`${b.def.name}: softDelete needs a status column`);
  return col;
}

const badFilter = (field?: FieldDef): never =>
  fail(Code.BAD_REQUEST, 'filterInvalid', field ? `${field.name}: ${MESSAGES.filterInvalid}` : undefined);

/** At most this many values in one 'in' filter. */
const MAX_FILTER_VALUES = 1000;

/** A filter's value that must be a list of integer ids (a binding's own `filters`); else filterInvalid. */
export function idList(v: unknown): number[] {
  if (!Array.isArray(v) || !v.every((x) => Number.isInteger(x))) badFilter();
  return v as number[];
}

/**
 * The whole numbers a column of this SQL type holds (int4 unless it says otherwise): a number
 * past them is refused here rather than by PostgreSQL, whose "out of range" would be a 500.
 */
function intBounds(col: PgColumn | undefined): [number, number] {
  const type = col?.getSQLType() ?? 'integer';
  if (/^small(int|serial)/.test(type)) return [-32_768, 32_767];
  if (/^big(int|serial)/.test(type)) return [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  return [-2_147_483_648, 2_147_483_647];
}

/** A whole number the column (int4 when not known) can hold. */
export const fitsInt = (v: unknown, col: PgColumn | undefined): v is number => {
  const [min, max] = intBounds(col);
  return Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
};

/** Text PostgreSQL stores: no NUL character (it refuses one in text, a 500). */
const isText = (v: unknown): v is string => typeof v === 'string' && !v.includes('\u0000');

/**
 * One filter value checked against its field's type (docs/requirements/validation.md): a boolean
 * for a boolean, a whole number in the column's range for integers and ids, a finite number for
 * decimals, a code of the code table's type, a date in a date shape, text for text. Anything else
 * answers 400 filterInvalid (dates dateInvalid/dateOutOfRange), never reaches the database.
 */
function scalar(field: FieldDef, v: unknown, col: PgColumn | undefined): unknown {
  switch (field.type) {
    case 'date':
    case 'datetime': {
      if (typeof v !== 'string') return badFilter(field);
      const problem = dateProblem(v);
      if (problem) fail(Code.BAD_REQUEST, problem);
      // A day kept as text (YYYY-MM-DD) compares as text; PostgreSQL's driver binds no Date to a text parameter.
      if (/^(text|varchar|character)/.test(col?.getSQLType() ?? '')) return v;
      return new Date(parseDate(v));
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : badFilter(field);
    case 'integer':
    case 'ref':
    case 'refs':
      return fitsInt(v, col) ? v : badFilter(field);
    case 'decimal':
      return typeof v === 'number' && Number.isFinite(v) ? v : badFilter(field);
    case 'code': {
      const kinds = new Set((field.codes ?? []).map((c) => typeof c.value));
      if (fitsInt(v, col) && (kinds.has('number') || !kinds.size)) return v;
      if (isText(v) && (kinds.has('string') || !kinds.size)) return v;
      return badFilter(field);
    }
    default:
      return isText(v) ? v : badFilter(field);
  }
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * A filter's value checked by its field's mode and type (`scalar`): eq one value, like text,
 * range `[from, to]` (either blank), in a list of at most MAX_FILTER_VALUES (an eq filter named in
 * `Binding.eqMany` too). Binding filters of their own (`Binding.filters`) get the value only once it passed.
 */
function filterValue(b: Binding, field: FieldDef, value: unknown, col: PgColumn | undefined): unknown {
  switch (field.filter) {
    case 'eq':
      if (Array.isArray(value) && b.eqMany?.includes(field.name)) {
        if (value.length > MAX_FILTER_VALUES) return badFilter(field);
        return value.map((v: unknown) => scalar(field, v, col));
      }
      return scalar(field, value, col);
    case 'like':
      return isText(value) ? value : badFilter(field);
    case 'range':
      if (!Array.isArray(value) || value.length !== 2) return badFilter(field);
      return value.map((v: unknown) => (isBlank(v) ? null : scalar(field, v, col)));
    case 'in':
      if (!Array.isArray(value) || value.length > MAX_FILTER_VALUES) return badFilter(field);
      return value.map((v: unknown) => scalar(field, v, col));
    default:
      return badFilter(field);
  }
}

function filterSql(b: Binding, field: FieldDef, value: unknown): SQL | undefined {
  if (isBlank(value)) return undefined;
  const col: PgColumn | undefined = b.columns[field.name];
  const custom = b.filters?.[field.name];
  if (!custom && !col) return badFilter(field);
  const checked = filterValue(b, field, value, col);
  // A binding's own filter gets the value as sent (checked), e.g. a day range as text.
  if (custom) return custom(value);
  switch (field.filter) {
    case 'eq':
      return eq(col!, checked);
    case 'like':
      return ilike(col!, likePattern(checked as string));
    case 'range': {
      const [from, to] = checked as unknown[];
      return and(from === null ? undefined : gte(col!, from), to === null ? undefined : lte(col!, to));
    }
    case 'in': {
      const list = checked as unknown[];
      return list.length ? inArray(col!, list) : undefined;
    }
    default:
      return badFilter(field);
  }
}

/** The list's where: scope, each filter by its field's mode, keyword OR-ed over keyword fields. */
/** `hidden`: fields the caller is not shown (engine/masking.ts), which a keyword does not search. */
export function listWhere(
  b: Binding,
  scope: Scope,
  q: Pick<ListQuery, 'filters' | 'keyword'>,
  hidden: ReadonlySet<string> = new Set(),
): SQL | undefined {
  const conds: (SQL | undefined)[] = [scopeWhere(b, scope)];
  // The recycle bin is a status filter; without one a list shows the rows that are not deleted.
  if (b.def.softDelete && q.filters?.status === undefined) conds.push(ne(softStatus(b), SOFT_STATUS.deleted));
  for (const [name, value] of Object.entries(q.filters ?? {})) {
    const field = b.def.fields.find((f) => f.name === name);
    if (!field?.filter) badFilter();
    conds.push(filterSql(b, field!, value));
  }
  if (q.keyword) {
    const pattern = likePattern(q.keyword);
    const searched = b.def.fields.filter((f) => f.keyword && b.columns[f.name]);
    const cols = searched.filter((f) => !hidden.has(f.name)).map((f) => ilike(b.columns[f.name]!, pattern));
    if (cols.length) conds.push(or(...cols));
    // Every searched field hidden from the caller: their search finds nothing.
    else if (searched.length) conds.push(sql`false`);
  }
  return and(...conds);
}

/**
 * A sort key the planner cannot read from an index: the same order, as an expression. Text
 * appends '', numbers and dates add 0, timestamps add a zero interval.
 */
function unindexed(col: PgColumn): SQL {
  const type = col.getSQLType();
  if (/^(text|varchar|char)/.test(type)) return sql`(${col} || '')`;
  if (/^timestamp/.test(type)) return sql`(${col} + interval '0 s')`;
  if (/^(small|big)?(int|serial|integer)|^(real|double|numeric|date)/.test(type)) return sql`(${col} + 0)`;
  return sql`${col}`;
}

/**
 * Sort on sortable fields or id only (code 400 otherwise); id breaks ties so pages are stable.
 * With a text search (`searching`) every key, the id too, is wrapped so PostgreSQL filters
 * through the trigram indexes and sorts the few matches, instead of walking a sort index (or the
 * primary key) and discarding non-matches: its row estimates for '%x%' are poor, and on PGlite
 * `user/user` searched by keyword read all 100,000 rows backwards along the id (docs/performance.md).
 */
export function listOrder(b: Binding, sort: ListQuery['sort'], searching = false): SQL[] {
  return listKeys(b, sort).map((k) => {
    const key = searching ? unindexed(k.col) : k.col;
    return k.desc ? desc(key) : asc(key);
  });
}

/** One column of a list's order and its direction (`listKeys`). */
interface SortKey {
  col: PgColumn;
  desc: boolean;
  field?: FieldDef;
}

/** The list's order as columns, checked like listOrder, id last: what keyset paging pages by. */
export function listKeys(b: Binding, sort: ListQuery['sort']): SortKey[] {
  const specs = sort?.length ? sort : [b.def.defaultSort];
  const keys = specs.map((s): SortKey => {
    const field = b.def.fields.find((f) => f.name === s.field);
    const sortable = s.field === 'id' || (field && field.list && field.list.sortable);
    const col = b.columns[s.field] ?? b.sortColumns?.[s.field] ?? (s.field === 'id' ? b.id : undefined);
    if (!sortable || !col) fail(Code.BAD_REQUEST, 'sortInvalid');
    return { col: col!, desc: s.order === 'desc', field };
  });
  if (!specs.some((s) => s.field === 'id')) keys.push({ col: b.id, desc: false });
  return keys;
}

/** Where a key value, read back as text (`cursor` of selectRows), is cast to its column's type. */
function typed(col: PgColumn, text: string): SQL {
  const type = col
    .getSQLType()
    .replace(/^(small|big)?serial$/, (_m, p: string | undefined) =>
      p === 'small' ? 'smallint' : p === 'big' ? 'bigint' : 'integer',
    );
  return sql`cast(${text} as ${sql.raw(type)})`;
}

/**
 * Rows after the one whose key values (as text) are `cursor`, in the order of `keys`:
 * `(k1, ..., id) > (c1, ..., cid)` spelled out per key, since directions may differ and keys
 * may be null. A page then costs its own rows wherever it lies (OFFSET reads and drops every
 * row before it). The first key also gets a plain bound, so an index on it limits the scan.
 */
export function keysetAfter(keys: SortKey[], cursor: readonly (string | null)[]): SQL {
  const same = (k: SortKey, c: string | null) => (c === null ? isNull(k.col) : eq(k.col, typed(k.col, c)));
  const past = (k: SortKey, c: string | null): SQL | undefined => {
    if (k.desc) return c === null ? isNotNull(k.col) : lt(k.col, typed(k.col, c));
    if (c === null) return undefined; // nothing sorts after null ascending: only ties on later keys
    return k.col.notNull ? gt(k.col, typed(k.col, c)) : or(gt(k.col, typed(k.col, c)), isNull(k.col));
  };
  const branches: SQL[] = [];
  keys.forEach((k, i) => {
    const after = past(k, cursor[i] ?? null);
    if (after) branches.push(and(...keys.slice(0, i).map((p, j) => same(p, cursor[j] ?? null)), after)!);
  });
  const [first] = keys;
  const c0 = cursor[0] ?? null;
  const bound =
    first && first.col.notNull && c0 !== null
      ? first.desc
        ? lte(first.col, typed(first.col, c0))
        : gte(first.col, typed(first.col, c0))
      : undefined;
  return and(bound, or(...branches) ?? sql`false`)!;
}

/** Column selection: stored fields except write-only ones, plus computed fields. */
function selection(b: Binding): Record<string, PgColumn | SQL | SQL.Aliased> {
  const sel: Record<string, PgColumn | SQL | SQL.Aliased> = { id: b.id };
  for (const f of b.def.fields) {
    if (f.writeOnly) continue;
    const col = b.columns[f.name] ?? b.computed?.[f.name];
    if (col) sel[f.name] = col;
  }
  return sel;
}

/** Plain JSON rows: dates as ISO strings. */
function plain(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

export async function selectRows(
  b: Binding,
  db: Ctx['db'] | Tx,
  where: SQL | undefined,
  opts: { order?: SQL[]; limit?: number; offset?: number; cursor?: SortKey[] } = {},
): Promise<Row[]> {
  const sel = selection(b);
  // Each key's value as text (`__k0` ...), exact whatever its type (timestamps keep microseconds).
  opts.cursor?.forEach((k, i) => (sel[`__k${i}`] = sql<string | null>`${k.col}::text`));
  let q = db.select(sel).from(b.table).where(where).$dynamic();
  if (opts.order?.length) q = q.orderBy(...opts.order);
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  const rows = (await q).map(plain);
  await b.hooks?.decorate?.(db, rows);
  return rows;
}

/** Whether the query searches text (a like filter or the keyword box). */
function isTextSearch(b: Binding, q: Pick<ListQuery, 'filters' | 'keyword'>): boolean {
  // Trigrams need three characters: a shorter search gets no help from the index.
  if (q.keyword && q.keyword.trim().length >= 3) return true;
  return Object.entries(q.filters ?? {}).some(
    ([name, v]) =>
      typeof v === 'string' && v.length >= 3 && b.def.fields.find((f) => f.name === name)?.filter === 'like',
  );
}

/** Matching rows counted up to the cap: the count reads at most LIST_COUNT_CAP + 1 index entries. */
async function boundedCount(
  db: Ctx['db'] | Tx,
  b: Binding,
  where: SQL | undefined,
): Promise<{ total: number; capped?: boolean }> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(b.table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  const n = Number(row?.n ?? 0);
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total: n };
}

export async function listRows(
  ctx: Ctx,
  b: Binding,
  q: ListQuery,
  hidden: ReadonlySet<string> = new Set(),
): Promise<ListResult<Row>> {
  const where = listWhere(b, ctx.scope, q, hidden);
  const order = listOrder(b, q.sort, isTextSearch(b, q));
  const [rows, counted] = await Promise.all([
    selectRows(b, ctx.db, where, { order, limit: q.size, offset: (q.page - 1) * q.size }),
    boundedCount(ctx.db, b, where),
  ]);
  return { rows, ...counted };
}

/** One row in scope, or code 404 - a row of another tenant is indistinguishable from a missing one. */
export async function getRow(ctx: Ctx, b: Binding, id: number, db: Ctx['db'] | Tx = ctx.db): Promise<Row> {
  const [row] = await selectRows(b, db, and(scopeWhere(b, ctx.scope), eq(b.id, id)), { limit: 1 });
  if (!row) fail(Code.NOT_FOUND, 'notFound');
  return row!;
}

/** Ids of `ids` visible to the scope, with their tenant. */
export async function visible(
  ctx: Ctx,
  b: Binding,
  ids: number[],
  db: Ctx['db'] | Tx = ctx.db,
): Promise<{ id: number; tenantId: number }[]> {
  const rows = await db
    .select({ id: b.id, tenantId: b.tenantId ?? b.id })
    .from(b.table)
    .where(and(scopeWhere(b, ctx.scope), inArray(b.id, ids)));
  return rows as { id: number; tenantId: number }[];
}

/**
 * A column spelled "table"."column": drizzle renders bare names inside sql``, which in a
 * correlated subquery would bind to the inner table (e.g. "id").
 */
export const qualified = (c: PgColumn) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);
