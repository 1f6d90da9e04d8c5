import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { SOFT_STATUS } from '../../shared/codes';
import { parseDate } from '../../shared/dates';
import { isEditable, type FormMode } from '../../shared/resources/schema';
import { propertyOf } from '../db/columns';
import { tenantForWrite } from '../db/scope';
import { ApiError, fail } from '../lib/api-error';
import { superOnly } from './guards';
import { getRow, isAdministrator, selectRows, softStatus, visible } from './query';
import { requireOwnRefs } from './refs';
import type { Binding, BindingHooks, Ctx, Row } from './types';

/**
 * Who may change the binding's rows at all, before anything runs: its own guard when it has one,
 * else for a platform-wide binding (no tenant column: products, categories, production batches)
 * super administrators only. Every write path asks here (add, update, delete, restore, import and
 * their jobs), so a new platform-wide resource is closed to tenants without a line of its own.
 */
export function guardWrite(ctx: Ctx, b: Binding, action: Parameters<NonNullable<BindingHooks['guard']>>[1]): void {
  if (b.hooks?.guard) b.hooks.guard(ctx, action);
  else if (!b.tenantId) superOnly(ctx);
}

/** The SQLSTATE of a PostgreSQL error, however the driver wraps it. */
export function sqlState(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Runs a write; a unique violation becomes code 409 duplicateName and a dangling reference
 * (e.g. a super administrator naming a tenant that does not exist) 400 refInvalid, never a 500.
 */
async function uniqueGuard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const state = sqlState(err);
    if (state === '23505') fail(Code.CONFLICT, 'duplicateName');
    if (state === '23503') fail(Code.BAD_REQUEST, 'refInvalid');
    throw err;
  }
}

/**
 * Stored, editable fields of the input; a null for a NOT NULL column falls back to its default.
 * Keyed by table property, which is the field name unless the binding maps a renamed column.
 */
function storedValues(b: Binding, input: Row, mode: FormMode): Row {
  const values: Row = {};
  for (const f of b.def.fields) {
    const col = b.columns[f.name];
    if (!col || f.writeOnly || f.type === 'refs' || f.name === 'tenantId' || !isEditable(f, mode)) continue;
    const v = input[f.name];
    if (v === undefined) continue;
    const key = propertyOf(b.table, col);
    if (v === null && col.notNull) {
      if (f.required) fail(Code.BAD_REQUEST, 'required', `${f.name}: required`);
      if (mode === 'add' || col.default === undefined || typeof col.default === 'object') continue;
      values[key] = col.default;
      continue;
    }
    values[key] =
      f.type === 'date' || f.type === 'datetime' ? (v === null ? null : new Date(parseDate(v as string))) : v;
  }
  return values;
}

/** Announces a committed change (domain event `resource.changed`): caches, the audit log. */
function changed(
  ctx: Ctx,
  b: Binding,
  action: 'add' | 'update' | 'delete',
  rows: { before?: Row; after?: Row }[],
): void {
  for (const { before, after } of rows) {
    const row = (after ?? before)!;
    const tenantId = typeof row.tenantId === 'number' ? row.tenantId : undefined;
    ctx.app.events.emit('resource.changed', {
      kind: b.def.kind,
      name: b.def.name,
      action,
      id: row.id as number,
      tenantId,
      scope: ctx.scope,
      before,
      after,
    });
  }
}

export async function addRow(ctx: Ctx, b: Binding, input: Row): Promise<Row> {
  guardWrite(ctx, b, 'add');
  const tenantId = tenantForWrite(ctx.scope, typeof input.tenantId === 'number' ? input.tenantId : null);
  const after = await uniqueGuard(() =>
    ctx.db.transaction(async (tx) => {
      const values = storedValues(b, input, 'add');
      if (b.tenantId) values.tenantId = tenantId;
      await requireOwnRefs(ctx, tx, b, input, tenantId, 'add');
      await b.hooks?.beforeWrite?.(ctx, tx, values, input, tenantId);
      const [created] = await tx.insert(b.table).values(values).returning({ id: b.id });
      const id = created!.id as number;
      await b.hooks?.afterWrite?.(ctx, tx, id, input, tenantId);
      return getRow(ctx, b, id, tx);
    }),
  );
  changed(ctx, b, 'add', [{ after: { tenantId, ...after } }]);
  return after;
}

export async function updateRow(ctx: Ctx, b: Binding, input: Row & { id: number }): Promise<Row> {
  guardWrite(ctx, b, 'update');
  let before: Row | undefined;
  const after = await uniqueGuard(() =>
    ctx.db.transaction(async (tx) => {
      const [existing] = await visible(ctx, b, [input.id], tx);
      if (!existing) fail(Code.NOT_FOUND, 'notFound');
      before = await getRow(ctx, b, input.id, tx);
      const values = storedValues(b, input, 'update');
      await requireOwnRefs(ctx, tx, b, input, existing!.tenantId, 'update', before);
      await b.hooks?.beforeWrite?.(ctx, tx, values, input, existing!.tenantId, existing);
      if (Object.keys(values).length)
        await tx
          .update(b.table)
          .set(values)
          .where(inArray(b.id, [input.id]));
      await b.hooks?.afterWrite?.(ctx, tx, input.id, input, existing!.tenantId);
      return { tenantId: existing!.tenantId, ...(await getRow(ctx, b, input.id, tx)) };
    }),
  );
  changed(ctx, b, 'update', [{ before: { tenantId: after.tenantId, ...before }, after }]);
  return after;
}

/** All ids must be visible (else 404 and nothing is deleted); the binding may refuse. */
export async function deleteRows(ctx: Ctx, b: Binding, ids: number[]): Promise<void> {
  guardWrite(ctx, b, 'delete');
  const unique = [...new Set(ids)];
  const found = await visible(ctx, b, unique);
  if (found.length !== unique.length) fail(Code.NOT_FOUND, 'notFound');
  const before = await selectRows(b, ctx.db, inArray(b.id, unique));
  const tenants = new Map(found.map((f) => [f.id, f.tenantId]));
  if (b.hooks?.remove) await b.hooks.remove(ctx, unique);
  else if (b.def.softDelete)
    await ctx.db
      .update(b.table)
      .set({ [propertyOf(b.table, softStatus(b))]: SOFT_STATUS.deleted })
      .where(inArray(b.id, unique));
  else await ctx.db.delete(b.table).where(inArray(b.id, unique));
  changed(
    ctx,
    b,
    'delete',
    before.map((row) => ({ before: { tenantId: tenants.get(row.id as number), ...row } })),
  );
}

/** Administrators bring soft-deleted rows back; all ids must be visible and deleted, else nothing changes. */
export async function restoreRows(ctx: Ctx, b: Binding, ids: number[]): Promise<void> {
  if (!b.def.softDelete) fail(Code.NOT_FOUND, 'notFound');
  if (!isAdministrator(ctx.scope)) fail(Code.FORBIDDEN, 'noPermission');
  guardWrite(ctx, b, 'delete');
  const unique = [...new Set(ids)];
  const found = await visible(ctx, b, unique);
  if (found.length !== unique.length) fail(Code.NOT_FOUND, 'notFound');
  const restored = await ctx.db
    .update(b.table)
    .set({ [propertyOf(b.table, softStatus(b))]: SOFT_STATUS.normal })
    .where(and(inArray(b.id, unique), eq(softStatus(b), SOFT_STATUS.deleted)))
    .returning({ id: b.id });
  if (restored.length !== unique.length) fail(Code.BAD_REQUEST, 'noSuchTransition');
  const after = await selectRows(b, ctx.db, inArray(b.id, unique));
  const tenants = new Map(found.map((f) => [f.id, f.tenantId]));
  changed(
    ctx,
    b,
    'update',
    after.map((row) => ({
      before: { ...row, status: SOFT_STATUS.deleted },
      after: { tenantId: tenants.get(row.id as number), ...row },
    })),
  );
}
