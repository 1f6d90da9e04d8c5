import type { EntityScreens, ScreenEntry } from './types';

/**
 * What the screens of registry.tsx and of the entity folders' screen.tsx share. A screen that
 * reads something other than its resource's list, or nothing at the start: the route loader
 * fetches nothing for it (the screen's script still loads beside).
 */
export function noPrefetch(): Promise<void> {
  return Promise.resolve();
}

/**
 * SCREENS: the core's entries and the entity folders' (src/entities/screens.gen.ts). A route name
 * has one screen: one registered twice throws, naming both places.
 */
export function mergeScreens(
  core: EntityScreens,
  folders: readonly { entity: string; screens: EntityScreens }[],
): Readonly<Record<string, ScreenEntry>> {
  const merged: Record<string, ScreenEntry> = { ...core };
  const owner = new Map(Object.keys(core).map((route) => [route, 'src/client/features/screens/registry.tsx']));
  for (const { entity, screens } of folders) {
    const file = `src/entities/${entity}/screen.tsx`;
    for (const [route, entry] of Object.entries(screens)) {
      const other = owner.get(route);
      if (other) throw new Error(`The route ${route} has two screens: in ${other} and in ${file}`);
      owner.set(route, file);
      merged[route] = entry;
    }
  }
  return merged;
}
