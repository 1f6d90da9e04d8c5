/**
 * Every resource the generic engine serves, and what is derived from the whole list: the entity
 * folders of src/entities/ (a new entity is a folder there; docs/adding-a-resource.md). It sits
 * above src/shared because it lists the entity folders; like their resource.ts files it is in the
 * console's bundle.
 */
import type { ServiceKind } from '../shared/api';
import { buttonPermissions, type ButtonPermission } from '../shared/permissions';
import type { ResourceDef } from '../shared/resources/types';
import { ENTITY_RESOURCES } from './resources.gen';

/** In the order of the folder names (scripts/entities.mjs sorts them). */
export const RESOURCES: readonly ResourceDef[] = ENTITY_RESOURCES;

const keyOf = (r: ResourceDef) => `${r.kind}/${r.name}`;
const byKey = new Map(RESOURCES.map((r) => [keyOf(r), r]));

/**
 * The resource whose list a route's generic screen shows, for each route several resources name
 * (the others appear on that screen through its own components, e.g. the tenant list's enterprise
 * applications). Spelled out so that the answer never depends on the order of RESOURCES.
 */
export const ROUTE_OWNERS: Readonly<Record<string, string>> = {
  AttendanceInfoList: 'user/attendanceRecord',
  advertisingdistribution: 'user/advertisement',
  alarmEscalation: 'device/escalationPolicy',
  audit: 'user/approvalNode',
  dutyUser: 'user/dutyRecord',
  rightsManagement: 'user/accessRight',
  tenantList: 'user/tenant',
};

const claimants = new Map<string, ResourceDef[]>();
for (const r of RESOURCES) for (const route of r.routes) claimants.set(route, [...(claimants.get(route) ?? []), r]);
const byRoute = new Map(
  [...claimants].map(([route, defs]) => {
    if (defs.length === 1) return [route, defs[0]!] as const;
    const owner = defs.find((d) => keyOf(d) === ROUTE_OWNERS[route]);
    if (!owner)
      throw new Error(
        `route ${route} is listed by ${defs.map(keyOf).join(', ')}: name the one its screen lists in ROUTE_OWNERS (src/entities/registry.ts)`,
      );
    return [route, owner] as const;
  }),
);

export function findResource(kind: ServiceKind | string, name: string): ResourceDef | undefined {
  return byKey.get(`${kind}/${name}`);
}

export function resourceOfRoute(route: string): ResourceDef | undefined {
  return byRoute.get(route);
}

/** Every button permission: the marks of src/shared/permissions.ts and those derived from RESOURCES. */
export const BUTTON_PERMISSIONS: readonly ButtonPermission[] = buttonPermissions(RESOURCES);
