import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import type { FieldDef } from '../../shared/resources';
import type { Scope } from '../db/scope';
import { scopeWhere } from './query';
import { bindingFor } from './registry';
import { fail } from '../lib/api-error';
import type { Ctx, Tx } from './types';

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
