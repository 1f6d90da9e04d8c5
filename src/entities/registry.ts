/**
 * Every resource the generic engine serves, and what is derived from the whole list: the grouped
 * lists of src/shared/resources/ (the older form) and the entity folders of src/entities/ (a new
 * entity is a folder there; docs/adding-a-resource.md). It sits above src/shared because it lists
 * the entity folders; like their resource.ts files it is in the console's bundle.
 */
import type { ServiceKind } from '../shared/api';
import { buttonPermissions, type ButtonPermission, type PermissionMark } from '../shared/permissions';
import { ALARM_RESOURCES } from '../shared/resources/alarm';
import { AUDIT_RESOURCES } from '../shared/resources/audit';
import { DEVICE_RESOURCES } from '../shared/resources/device';
import { ORG_RESOURCES } from '../shared/resources/org';
import type { ResourceDef } from '../shared/resources/types';
import { ENTITY_RESOURCES } from './resources.gen';

export const RESOURCES: readonly ResourceDef[] = [
  ...ORG_RESOURCES,
  ...DEVICE_RESOURCES,
  ...ALARM_RESOURCES,
  ...AUDIT_RESOURCES,
  ...ENTITY_RESOURCES,
];

const byKey = new Map(RESOURCES.map((r) => [`${r.kind}/${r.name}`, r]));
const byRoute = new Map(RESOURCES.flatMap((r) => r.routes.map((route) => [route, r] as const)));

export function findResource(kind: ServiceKind | string, name: string): ResourceDef | undefined {
  return byKey.get(`${kind}/${name}`);
}

export function resourceOfRoute(route: string): ResourceDef | undefined {
  return byRoute.get(route);
}

/** Every button permission: the marks of src/shared/permissions.ts and those derived from RESOURCES. */
export const BUTTON_PERMISSIONS: readonly ButtonPermission[] = buttonPermissions(RESOURCES);

const ALL_MARKS: ReadonlySet<string> = new Set(BUTTON_PERMISSIONS.map((b) => b.mark));

export function isPermissionMark(value: unknown): value is PermissionMark {
  return typeof value === 'string' && ALL_MARKS.has(value);
}
