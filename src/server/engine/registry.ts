import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import type { Binding } from './types';

const bindings = new Map<string, Binding>();

/**
 * What registerBinding takes: a Binding whose `id`, `tenantId` and `columns` may be left out.
 * Left out, they come from the table: `id` is its `id` property, `tenantId` its `tenantId`
 * property when the def is tenantScoped, and every field of the def whose name is a property of
 * the table (except the id, 'refs' and computed fields) is a stored column. `columns` given
 * explicitly are merged over the derived ones, so a renamed column is one entry:
 * `columns: { siteName: websites.name }`.
 */
type BindingInput = Omit<Binding, 'id' | 'tenantId' | 'columns'> & {
  id?: PgColumn;
  tenantId?: PgColumn;
  columns?: Record<string, PgColumn>;
};

/** The binding with its defaults filled in from the table (see BindingInput). */
export function resolveBinding(input: BindingInput): Binding {
  const { def, table } = input;
  const props = getTableColumns(table) as Record<string, PgColumn>;
  const id = input.id ?? props.id;
  if (!id) throw new Error(`${def.kind}/${def.name}: the table has no 'id' column; pass id`);
  const tenantId = input.tenantId ?? (def.tenantScoped ? props.tenantId : undefined);
  if (def.tenantScoped && !tenantId)
    throw new Error(`${def.kind}/${def.name}: tenantScoped needs a tenantId column; pass tenantId`);
  const derived: Record<string, PgColumn> = {};
  for (const f of def.fields) {
    const col = props[f.name];
    if (col && col !== id && f.type !== 'refs' && !input.computed?.[f.name]) derived[f.name] = col;
  }
  return { ...input, id, tenantId, columns: { ...derived, ...input.columns } };
}

/** Adds a binding; the entity folders (src/entities/<name>/server.ts) register theirs at import. */
function registerBinding(input: BindingInput): Binding {
  const b = resolveBinding(input);
  bindings.set(`${b.def.kind}/${b.def.name}`, b);
  return b;
}

export function bindingFor(kind: string, name: string): Binding | undefined {
  return bindings.get(`${kind}/${name}`);
}

export function allBindings(): Binding[] {
  return [...bindings.values()];
}

/**
 * The server side of an entity folder (src/entities/<name>/server.ts exports it as default):
 * its binding, and optionally a Fastify plugin registered under the same prefix
 * (`/api/<kind>/<name>`) after the generic routes: extra routes, domain-event subscribers.
 */
export interface EntityServer {
  binding: Binding;
  /** The folder's routes.ts (listed by scripts/entities.mjs in server.gen.ts), registered first. */
  routes?: FastifyPluginAsync;
  plugin?: FastifyPluginAsync;
}

export function defineEntity(input: BindingInput & { plugin?: FastifyPluginAsync }): EntityServer {
  const { plugin, ...rest } = input;
  return { binding: registerBinding(rest), plugin };
}
