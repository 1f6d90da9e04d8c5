import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import type { FieldDef } from '../../shared/resources';
import { isEditable, type FormMode } from '../../shared/resources/schema';
import { isPlatformScope, type Scope } from '../db/scope';
import { fitsInt, scopeWhere } from './query';
import { bindingFor } from './registry';
import { fail } from '../lib/api-error';
import type { Binding, Ctx, Row, Tx } from './types';

/** id -> label of a ref field's target rows among `ids`, limited to what the scope sees. */
export async function refLabels(ctx: Ctx, field: FieldDef, ids: number[]): Promise<Map<number, string>> {
  const target = field.ref && bindingFor(field.ref.kind, field.ref.resource);
  const labelCol = target?.columns[field.ref!.labelField];
  if (!target || !labelCol || !ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: target.id, label: labelCol })
    .from(target.table)
    .where(and(scopeWhere(target, ctx.scope), inArray(target.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id as number, String(r.label)]));
}

/** label -> id of a ref field's target rows in `tenantId` (import resolves names this way). */
export async function refIdsByLabel(
  ctx: Ctx,
  field: FieldDef,
  labels: string[],
  scope: Scope,
  tenantId: number,
): Promise<Map<string, number>> {
  const target = field.ref && bindingFor(field.ref.kind, field.ref.resource);
  const labelCol = target?.columns[field.ref!.labelField];
  if (!target || !labelCol || !labels.length) return new Map();
  const tenantCond = target.tenantId ? inArray(target.tenantId, [tenantId]) : undefined;
  const rows = await ctx.db
    .select({ id: target.id, label: labelCol })
    .from(target.table)
    .where(and(scopeWhere(target, scope), tenantCond, inArray(labelCol, [...new Set(labels)])));
  return new Map(rows.map((r) => [String(r.label), r.id as number]));
}

/** A company-scoped table: its id and its company. */
type OwnedTable = PgTable & { id: PgColumn; tenantId: PgColumn };

/**
 * A hook's check that a referenced row is the writing company's: row `id` of `table` in
 * `tenantId`, else 400 refInvalid (missing and another company's answer alike, so nothing leaks).
 */
export async function requireOwnRow(tx: Tx, table: OwnedTable, id: number, tenantId: number): Promise<void> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.tenantId, tenantId)))
    .limit(1);
  if (!row) fail(Code.BAD_REQUEST, 'refInvalid');
}

/** The ids a ref or refs value names: none for null or absent, nor for 0 (a tree's root, e.g. `pid`). */
function namedIds(v: unknown): unknown[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]).filter((id) => id !== 0);
}

/**
 * The engine's tenant wall for references: every id that an add or update names in a 'ref' or
 * 'refs' field must be a row of the written row's tenant (`tenantId`), or of a platform-wide
 * resource the caller may read (products, categories). Anything else - another tenant's row,
 * a row that exists nowhere, a row hidden from the caller - answers the same 400 refInvalid with
 * the same message, so an answer never tells whether an id exists (docs/security.md).
 * `before` is the stored row on update: ids it already holds are not checked again, so editing
 * one field never trips over a reference that was valid when it was stored.
 * The row's own tenant (`tenantId` field) is decided by tenantForWrite, not here.
 */
export async function requireOwnRefs(
  ctx: Ctx,
  tx: Tx,
  b: Binding,
  input: Row,
  tenantId: number,
  mode: FormMode,
  before?: Row,
): Promise<void> {
  for (const f of b.def.fields) {
    if ((f.type !== 'ref' && f.type !== 'refs') || !f.ref || f.name === 'tenantId' || !isEditable(f, mode)) continue;
    const stored = new Set(namedIds(before?.[f.name]));
    const ids = [...new Set(namedIds(input[f.name]))].filter((id) => !stored.has(id));
    if (!ids.length) continue;
    const target = bindingFor(f.ref.kind, f.ref.resource);
    if (!target) throw new Error(`${b.def.kind}/${b.def.name}.${f.name}: no binding ${f.ref.kind}/${f.ref.resource}`);
    // An id no row of the target's type can have (past int4) is as unknown as any other.
    if (!ids.every((id) => fitsInt(id, target.id))) fail(Code.BAD_REQUEST, 'refInvalid');
    // A tenant-owned row names rows of its own tenant; a platform-wide one, rows its writer sees.
    const tenant = !target.tenantId
      ? undefined
      : b.tenantId
        ? eq(target.tenantId, tenantId)
        : isPlatformScope(ctx.scope)
          ? undefined
          : eq(target.tenantId, ctx.scope.tenantId);
    const found = await tx
      .select({ id: target.id })
      .from(target.table)
      .where(and(inArray(target.id, ids as number[]), tenant, target.readWhere?.(ctx.scope)));
    if (found.length !== ids.length) fail(Code.BAD_REQUEST, 'refInvalid');
  }
}
