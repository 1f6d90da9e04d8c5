import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { RESOURCE_TYPE, type NavEntry, type ResourceType } from '../../shared/session';
import { ALL_MARKS_GRANT } from '../../shared/permissions';
import { ALWAYS_ALLOWED } from '../../shared/routes';
import type { Db } from '../db/driver';
import { resources, roleResources, userRoles, type ResourceRow } from '../db/schema';
import { isPlatformScope, scopedWhere, type Scope } from '../db/scope';

const ENABLED = 1;

/** Enabled resources reached through the scope's user's roles (joined userRoles -> roleResources -> resources). */
function grantedWhere(scope: Scope, ...conditions: SQL[]): SQL | undefined {
  return scopedWhere(
    scope,
    userRoles,
    eq(userRoles.userId, scope.userId),
    eq(resources.status, ENABLED),
    ...conditions,
  );
}

/** Resource ids granted to the scope's user through their roles, limited to `types`. */
async function grantedIds(db: Db, scope: Scope, types: number[]): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: resources.id })
    .from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(grantedWhere(scope, inArray(resources.type, types)));
  return new Set(rows.map((r) => r.id));
}

/** Distinct values of `column` over the resources of `type` granted to the scope's user. */
async function grantedValues(
  db: Db,
  scope: Scope,
  type: number,
  column: typeof resources.value | typeof resources.mark,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ v: column })
    .from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(grantedWhere(scope, eq(resources.type, type), isNotNull(column)));
  return rows.map((r) => r.v!);
}

/** Menu route names (resources' `value`) granted to the scope's user; undefined: every one (super administrators). */
export async function menusFor(db: Db, scope: Scope): Promise<Set<string> | undefined> {
  if (isPlatformScope(scope)) return undefined;
  return new Set(await grantedValues(db, scope, RESOURCE_TYPE.menu, resources.value));
}

/**
 * Whether personal data of a screen's rows stays masked for the scope (docs/permissions.md
 * "Masking"): always for the visitor, and for users whose roles lack that screen (`route`). The
 * routes ask through plugins/auth.ts hidesPersonal; exports and jobs, which have no request, here.
 */
export async function hidesPersonalOf(db: Db, scope: Scope, route: string): Promise<boolean> {
  if (scope.kind === 'visitor') return true;
  if ((ALWAYS_ALLOWED as readonly string[]).includes(route)) return false;
  const granted = await menusFor(db, scope);
  return granted !== undefined && !granted.has(route);
}

/** Button marks of the user's roles; super administrators hold every mark as '*'. */
export async function marksFor(db: Db, scope: Scope): Promise<string[]> {
  if (isPlatformScope(scope)) return [ALL_MARKS_GRANT];
  return (await grantedValues(db, scope, RESOURCE_TYPE.button, resources.mark)).sort();
}

function toEntry(r: ResourceRow): NavEntry {
  return {
    id: r.id,
    pid: r.pid,
    name: r.name,
    enName: r.enName,
    value: r.value ?? '',
    icon: r.icon,
    uri: r.uri ?? '',
    type: r.type as ResourceType,
    sort: r.sort,
    list: [],
  };
}

/**
 * The caller's menu tree: enabled directories and menus of their roles (all of them for super
 * administrators) plus the directories above them, sorted by sort then id. An entry whose
 * ancestor is disabled is hidden with it.
 */
export async function navigationFor(db: Db, scope: Scope): Promise<NavEntry[]> {
  const navTypes = [RESOURCE_TYPE.directory, RESOURCE_TYPE.menu];
  const active = await db
    .select()
    .from(resources)
    .where(and(eq(resources.status, ENABLED), inArray(resources.type, navTypes)))
    .orderBy(asc(resources.sort), asc(resources.id));
  const byId = new Map(active.map((r) => [r.id, r]));
  const granted = isPlatformScope(scope) ? new Set(byId.keys()) : await grantedIds(db, scope, navTypes);

  const included = new Set<number>();
  for (const id of granted) {
    const chain: number[] = [];
    let node = byId.get(id);
    while (node) {
      chain.push(node.id);
      if (node.pid === 0) {
        for (const c of chain) included.add(c);
        break;
      }
      node = byId.get(node.pid);
    }
  }

  const entries = new Map<number, NavEntry>();
  for (const r of active) if (included.has(r.id)) entries.set(r.id, toEntry(r));
  const roots: NavEntry[] = [];
  // `active` is already in sort order, so children are appended in order too.
  for (const e of entries.values()) {
    if (e.pid === 0) roots.push(e);
    else entries.get(e.pid)?.list.push(e);
  }
  return roots;
}
