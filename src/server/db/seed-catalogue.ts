import { RESOURCE_TYPE } from '../../shared/auth';
import { BUTTON_PERMISSIONS } from '../../shared/permissions';
import { SCENARIOS, SPEC_ROUTES, routePath } from '../../shared/routes';
import type { Db } from './driver';
import { resources } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Catalogue {
  all: number[];
  menus: number[];
  directories: number[];
  buttons: number[];
}

/**
 * The permission catalogue from the shared registries: one directory per scenario, one menu per
 * named route of the spec (value = route name, uri = path without the leading '/'), and the
 * button marks under the menus they act on.
 */
export async function seedCatalogue(tx: Tx): Promise<Catalogue> {
  const dirs = await tx
    .insert(resources)
    .values(
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
    )
    .returning({ id: resources.id, value: resources.value });
  const dirOf = new Map(dirs.map((d) => [d.value, d.id]));

  const menus = await tx
    .insert(resources)
    .values(
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
    )
    .returning({ id: resources.id, value: resources.value });
  const menuOf = new Map(menus.map((m) => [m.value, m.id]));

  const buttons = await tx
    .insert(resources)
    .values(
      BUTTON_PERMISSIONS.map((b, i) => ({
        pid: menuOf.get(b.route) ?? 0,
        name: b.cn,
        enName: b.en,
        value: b.mark,
        mark: b.mark,
        type: RESOURCE_TYPE.button,
        sort: (i + 1) * 10,
      })),
    )
    .returning({ id: resources.id });

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    directories: ids(dirs),
    menus: ids(menus),
    buttons: ids(buttons),
    all: [...ids(dirs), ...ids(menus), ...ids(buttons)],
  };
}
