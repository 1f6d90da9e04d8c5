import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { tenants } from '../../src/server/db/schema';
import { allBindings } from '../../src/server/engine/registry';
import type { Binding } from '../../src/server/engine/types';
import type { FieldDef } from '../../src/shared/resources/types';
import { freshPostgres } from '../server/helper';
import { percentiles } from './login';
import { sized } from './size';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';

const ROWS = sized(100_000, 50, 'BENCH_LIST_ROWS');
const CALLS = sized(40, 1);
const WARM_UP = sized(3, 0);
const TARGET_MS = 30;
/** BENCH_LISTS=merchant,simCard (names or kind/name): only those lists, to measure a few. */
const ONLY = (process.env.BENCH_LISTS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/**
 * What the keyword line types into the search box: the generated text columns hold 'b' || i, so
 * this matches a handful of rows (b4242, b42420 ... b42429) in a text column and none elsewhere,
 * the case where walking the sort index and discarding non-matches reads every row.
 */
const KEYWORD = 'b4242';
type App = Awaited<ReturnType<typeof buildApp>>;

/** The filter a list's screen shows first among exact-match filters (references aside): the bench applies it, tests/server/engine/list-indexes.test.ts wants it indexed. */
export const firstFilter = (b: Binding) =>
  b.def.fields.find((f) => f.filter === 'eq' && b.columns[f.name] && f.name !== 'tenantId' && f.type !== 'ref');

const isText = (col: PgColumn) => col.getSQLType() === 'text' || col.getSQLType().startsWith('varchar');

/** The codes of a 'code' field stored as text (a device's kind): its rows hold those, not numbers. */
const textCodes = (field: FieldDef | undefined) =>
  field?.codes?.every((c) => typeof c.value === 'string') ? field.codes.map((c) => String(c.value)) : undefined;

/** A SQL expression of row number `i` for a NOT NULL column without a default (unique enough). */
function valueOf(
  col: PgColumn,
  field: FieldDef | undefined,
  refs: Map<string, number>,
  tenantId: number,
): string | undefined {
  if (col.name === 'tenant_id') return String(tenantId);
  const ref = refs.get(col.name);
  if (ref !== undefined) return String(ref);
  const type = col.getSQLType();
  const codes = textCodes(field);
  if (codes && isText(col))
    return `(array[${codes.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ')}])[1 + i % ${codes.length}]`;
  if (type.startsWith('timestamp')) return `now() - make_interval(secs => i)`;
  if (isText(col)) return `'b' || i`;
  if (type === 'smallint') return `(1 + i % 3)`;
  if (type === 'integer' || type === 'bigint' || type === 'serial') return `(1 + i % 97)`;
  if (type.startsWith('double') || type === 'real' || type.startsWith('numeric')) return `(i % 1000) * 0.01`;
  if (type === 'boolean') return `(i % 2 = 0)`;
  // An empty list: the lists' computed columns read such a column as one (an approval's levels).
  if (type === 'jsonb' || type === 'json') return `'[]'::jsonb`;
  return undefined;
}

/**
 * What the bench filters `field` by: a value of the kind the list's filter takes and that the
 * generated rows hold (a text code: its first code, on a row in every few; text: row 1's; a
 * number: 1, on a row in three or in 97).
 */
function filterValue(b: Binding, field: FieldDef): string | number | boolean {
  // A filter value of the field's type: the list refuses another (filterInvalid).
  if (field.type === 'boolean') return true;
  const codes = textCodes(field);
  if (codes) return codes[0]!;
  return isText(b.columns[field.name]!) ? 'b1' : 1;
}

/** 100,000 generated rows in one tenant, every NOT NULL column filled, references to existing rows. */
export async function seedFor(app: App, b: Binding, tenantId: number): Promise<boolean> {
  const config = getTableConfig(b.table);
  const fieldOf = new Map(
    Object.entries(b.columns).map(([name, col]) => [col.name, b.def.fields.find((f) => f.name === name)]),
  );
  const refs = new Map<string, number>();
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const local = ref.columns[0]!;
    if (!local.notNull || local.name === 'tenant_id') continue;
    const res = (await app.db.execute(
      sql.raw(`select min(id) as id from "${getTableConfig(ref.foreignTable).name}"`),
    )) as unknown;
    const rows = (Array.isArray(res) ? res : (res as { rows: { id: number }[] }).rows) as { id: number | null }[];
    if (rows[0]?.id === null || rows[0]?.id === undefined) return false;
    refs.set(local.name, Number(rows[0].id));
  }
  const cols: string[] = [];
  const values: string[] = [];
  for (const col of config.columns) {
    if (col.primary || (!col.notNull && col.name !== 'tenant_id') || (col.hasDefault && col.name !== 'tenant_id'))
      continue;
    const v = valueOf(col, fieldOf.get(col.name), refs, tenantId);
    if (v === undefined) return false;
    cols.push(`"${col.name}"`);
    values.push(v);
  }
  for (let start = 0; start < ROWS; start += 20_000) {
    const end = Math.min(ROWS, start + 20_000) - 1;
    await app.db.execute(
      sql.raw(
        `insert into "${config.name}" (${cols.join(', ')}) select ${values.join(', ')} from generate_series(${start}, ${end}) i`,
      ),
    );
  }
  // What the service's PGlite housekeeping (src/server/db/autovacuum.ts) or PostgreSQL's
  // autovacuum does within a minute of such a load.
  await app.db.execute(sql.raw(`vacuum (analyze) "${config.name}"`));
  return true;
}

/**
 * Every registered list over 100,000 rows of one tenant: page 20, sorted by its default sort,
 * filtered by its first 'eq' filter when it has one, through app.inject as the super administrator;
 * then, for a list with keyword fields, page 1 of a keyword search (the trigram indexes' case).
 * Prints p50/p95 per resource against the 30 ms target; resources whose rows cannot be generated
 * (required references to tables that are empty) are named as skipped.
 */
export async function benchRegistryLists(): Promise<string[]> {
  const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, pgTemplate()) : undefined;
  const db = pg ? 'postgres' : 'pglite';
  const app = await buildApp({
    database: pg ? undefined : await pgliteFromTemplate(),
    config: {
      memoryDb: !pg,
      databaseUrl: pg?.url,
      mqttPort: 0,
      mqttUrl: undefined,
      argon2: { memoryCost: 1024, timeCost: 1 },
    },
    logger: false,
    env: {},
  });
  const lines: string[] = [];
  let missed = 0;
  try {
    const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
    const headersOf = async (username: string, password: string) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/auth/login',
        payload: { username, password, language: 'CN' },
      });
      return { authorization: String(login.headers.authorization) };
    };
    // A company's rows are read by its administrator (the tenant filter and its indexes apply);
    // platform catalogues and lists the company cannot open by the super administrator.
    const demo = await headersOf('demo', 'demo123');
    const admin = await headersOf('admin', 'admin123');
    for (const b of allBindings()) {
      const name = `${b.def.kind}/${b.def.name}`;
      if (ONLY.length && !ONLY.includes(name) && !ONLY.includes(b.def.name)) continue;
      const t0 = performance.now();
      if (!(await seedFor(app, b, site!.id).catch(() => false))) {
        lines.push(`  ${name.padEnd(28)} skipped (rows cannot be generated)`);
        continue;
      }
      const seedS = (performance.now() - t0) / 1000;
      const eqField = firstFilter(b);
      const filter = eqField && { [eqField.name]: filterValue(b, eqField) };
      const body = { page: 20, size: 20, sort: [b.def.defaultSort], ...(filter ? { filters: filter } : {}) };
      const probe = b.tenantId
        ? await app.inject({ method: 'POST', url: `/api/${name}/list`, payload: { page: 1, size: 1 }, headers: demo })
        : undefined;
      const asDemo = probe !== undefined && (probe.json() as { code: number }).code === 0;
      const headers = asDemo ? demo : admin;
      const measure = async (payload: object) => {
        const once = async () => {
          const s = performance.now();
          const res = await app.inject({ method: 'POST', url: `/api/${name}/list`, payload, headers });
          if ((res.json() as { code: number }).code !== 0) throw new Error(`${name}: ${res.body.slice(0, 200)}`);
          return performance.now() - s;
        };
        for (let i = 0; i < WARM_UP; i++) await once();
        const samples: number[] = [];
        for (let i = 0; i < CALLS; i++) samples.push(await once());
        const p = percentiles(samples);
        const ok = p.p95 < TARGET_MS;
        if (!ok) missed++;
        return `p50 ${p.p50.toFixed(1).padStart(6)} ms  p95 ${p.p95.toFixed(1).padStart(6)} ms  ${ok ? 'ok' : 'MISSED'}`;
      };
      lines.push(
        `  ${name.padEnd(28)} ${await measure(body)}  (${asDemo ? 'company administrator' : 'super administrator'}, seeded in ${seedS.toFixed(1)} s${filter ? `, filter ${JSON.stringify(filter)}` : ''})`,
      );
      // The search box: page 1 of the rows whose keyword fields contain KEYWORD, default sort.
      const keywords = b.def.fields.filter((f) => f.keyword && b.columns[f.name]).map((f) => f.name);
      if (keywords.length)
        lines.push(
          `  ${`${name} keyword`.padEnd(28)} ${await measure({ page: 1, size: 20, sort: [b.def.defaultSort], keyword: KEYWORD })}  (${keywords.join(', ')})`,
        );
    }
  } finally {
    await app.close();
    await pg?.drop();
  }
  return [
    `Registry lists on ${db}, ${ROWS.toLocaleString('en')} rows each, page 20, default sort; then page 1 of keyword '${KEYWORD}' (target p95 < ${TARGET_MS} ms; ${missed} missed):`,
    ...lines,
  ];
}
