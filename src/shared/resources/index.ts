/**
 * The resource registry's types. The registry itself (RESOURCES, findResource, resourceOfRoute) is
 * src/entities/registry.ts: it lists the entity folders, which sit above src/shared.
 */
export type { FieldDef, ResourceDef } from './types';
