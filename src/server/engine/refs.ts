import { and, inArray } from 'drizzle-orm';
import type { FieldDef } from '../../shared/resources';
import type { Scope } from '../db/scope';
import { scopeWhere } from './query';
import { bindingFor } from './registry';
import type { Ctx } from './types';

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
export async function refIdsByLabel(ctx: Ctx, field: FieldDef, labels: string[], scope: Scope, tenantId: number): Promise<Map<string, number>> {
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
