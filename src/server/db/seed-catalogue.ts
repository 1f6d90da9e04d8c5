import { RESOURCE_TYPE } from '../../shared/session';
import { BUTTON_PERMISSIONS } from '../../entities/registry';
import { SCENARIOS, SPEC_ROUTES, routePath, type ScenarioKey } from '../../shared/routes';
import type { Tx } from './driver';
import { resources } from './schema';

export interface Catalogue {
  all: number[];
  menus: number[];
  directories: number[];
  buttons: number[];
  /** Resources this run inserted (all of them on a new database). */
  added: number[];
  /** Directory and menu ids by the scenario they belong to. */
  byScenario: Map<ScenarioKey, number[]>;
}

type Row = typeof resources.$inferInsert;

/**
 * Brings the permission catalogue in line with the shared registries: one directory per
 * scenario, one menu per named route of docs/requirements/screens-and-routes.md (value = route name,
 * uri = path without the
 * leading '/'), and the button marks under the menus they act on. Existing rows (matched by type
 * and value) are kept as administrators may have renamed or re-sorted them; missing ones are
 * inserted, so a newer release's routes reach an existing database.
 */
export async function syncCatalogue(tx: Tx): Promise<Catalogue> {
  const existing = await tx.select({ id: resources.id, type: resources.type, value: resources.value }).from(resources);
  const idOf = new Map(existing.map((r) => [`${r.type}:${r.value}`, r.id]));
  const added: number[] = [];

  async function ensure(type: number, rows: Row[]): Promise<Map<string, number>> {
    const missing = rows.filter((r) => !idOf.has(`${type}:${r.value}`));
    if (missing.length > 0) {
      const inserted = await tx
        .insert(resources)
        .values(missing)
        .returning({ id: resources.id, value: resources.value });
      for (const r of inserted) {
        idOf.set(`${type}:${r.value}`, r.id);
        added.push(r.id);
      }
    }
    return new Map(rows.map((r) => [r.value!, idOf.get(`${type}:${r.value}`)!]));
  }

  const dirOf = await ensure(
    RESOURCE_TYPE.directory,
    SCENARIOS.map((s) => ({
      pid: 0,
      name: s.cn,
      enName: s.en,
      icon: s.icon,
      uri: '',
      value: s.key,
      type: RESOURCE_TYPE.directory,
      sort: s.sort,
    })),
  );
  const menuOf = await ensure(
    RESOURCE_TYPE.menu,
    SPEC_ROUTES.map((r, i) => ({
      pid: dirOf.get(r.scenario) ?? 0,
      name: r.cn,
      enName: r.en,
      icon: r.icon,
      uri: routePath(r).slice(1),
      value: r.value,
      type: RESOURCE_TYPE.menu,
      sort: (i + 1) * 10,
    })),
  );
  const buttonOf = await ensure(
    RESOURCE_TYPE.button,
    BUTTON_PERMISSIONS.map((b, i) => ({
      pid: menuOf.get(b.route) ?? 0,
      name: b.cn,
      enName: b.en,
      value: b.mark,
      mark: b.mark,
      type: RESOURCE_TYPE.button,
      sort: (i + 1) * 10,
    })),
  );

  const byScenario = new Map<ScenarioKey, number[]>(SCENARIOS.map((s) => [s.key, [dirOf.get(s.key)!]]));
  for (const r of SPEC_ROUTES) byScenario.get(r.scenario)!.push(menuOf.get(r.value)!);
  const directories = [...dirOf.values()];
  const menus = [...menuOf.values()];
  const buttons = [...buttonOf.values()];
  return { directories, menus, buttons, all: [...directories, ...menus, ...buttons], added, byScenario };
}
