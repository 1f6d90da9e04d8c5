import { ENTITY_RESOURCES } from '../../entities/resources.gen';
import type { ServiceKind } from '../api';
import { ALARM_RESOURCES } from './alarm';
import { AUDIT_RESOURCES } from './audit';
import { DEVICE_RESOURCES } from './device';
import { FENCE_RESOURCES } from './fence';
import { INDOOR_RESOURCES } from './indoor';
import { ORG_RESOURCES } from './org';
import type { ResourceDef } from './types';

export type { FieldDef, FieldType, FilterMode, Label, ResourceDef } from './types';

/**
 * Every resource the generic engine serves: the grouped lists of this folder (the older form) and
 * the entity folders of src/entities/ (a new entity is a folder there; docs/adding-a-resource.md).
 */
export const RESOURCES: readonly ResourceDef[] = [
  ...ORG_RESOURCES,
  ...DEVICE_RESOURCES,
  ...ALARM_RESOURCES,
  ...FENCE_RESOURCES,
  ...INDOOR_RESOURCES,
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
