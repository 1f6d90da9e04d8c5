import { createContext, useContext } from 'react';
import type { FieldDef, ResourceDef } from '../../../shared/resources';

/**
 * The route name a list is shown under (`$page` of the admin and map layouts): set by the
 * registry's screen host, read by ResourceScreen for the route's default columns and the key its
 * column choice is stored under. Undefined outside a route (tests, embedded lists).
 */
export const ListRouteContext = createContext<string | undefined>(undefined);

export const useListRoute = () => useContext(ListRouteContext);

/** Whether a listed field starts hidden on `route` (FieldDef.list.hidden). */
export function hiddenByDefault(field: FieldDef, route: string | undefined): boolean {
  const hidden = field.list ? field.list.hidden : undefined;
  if (hidden === undefined || hidden === true) return hidden === true;
  return route !== undefined && hidden.includes(route);
}

/** The key a list's column choice is stored under: its route and resource. */
export const columnsKey = (def: Pick<ResourceDef, 'name'>, route: string | undefined) => `${route ?? '-'}:${def.name}`;
