import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ServiceKind } from '../../../shared/api';
import type { ListQuery, ListResult } from '../../../shared/resources/list';
import type { ResourceDef } from '../../../shared/resources';
import { request } from '../../lib/request';

export type Row = Record<string, unknown> & { id: number };

/** Cap of a reference field's option list (one load per referenced resource). */
const REF_OPTIONS_LIMIT = 500;

/** Query keys start with the resource name, so one invalidation refreshes every view of it. */
export const resourceKeys = {
  all: (name: string) => [name] as const,
  list: (name: string, query: ListQuery) => [name, 'list', query] as const,
  get: (name: string, id: number) => [name, 'get', id] as const,
  options: (name: string) => [name, 'options'] as const,
};

export function resourceListQuery(def: Pick<ResourceDef, 'kind' | 'name'>, query: ListQuery) {
  return queryOptions({
    queryKey: resourceKeys.list(def.name, query),
    queryFn: () => request<ListResult<Row>>(def.kind, `${def.name}/list`, query),
    placeholderData: keepPreviousData,
  });
}

export function resourceGetQuery(def: Pick<ResourceDef, 'kind' | 'name'>, id: number) {
  return queryOptions({
    queryKey: resourceKeys.get(def.name, id),
    queryFn: () => request<Row>(def.kind, `${def.name}/get`, { id }),
  });
}

/** Rows of a referenced resource for selects and name lookups, loaded once per screen visit. */
export function refOptionsQuery(ref: { kind: ServiceKind; resource: string }) {
  return queryOptions({
    queryKey: resourceKeys.options(ref.resource),
    queryFn: async () =>
      (
        await request<ListResult<Row>>(
          ref.kind,
          `${ref.resource}/list`,
          { page: 1, size: REF_OPTIONS_LIMIT },
          { background: true, quiet: true },
        )
      ).rows,
    staleTime: 5 * 60_000,
  });
}

/** After a change: every query of the resource (lists, details, options) refetches. */
export function invalidateResource(queryClient: QueryClient, name: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
}

export interface RoleTreeNode {
  id: number;
  pid: number;
  name: string;
  enName: string | null;
  value: string;
  type: number;
  mark: string | null;
  list: RoleTreeNode[];
}

/** The permission catalogue tree (`resource/tree`). */
export function resourceTreeQuery() {
  return queryOptions({
    queryKey: ['resource', 'tree'] as const,
    queryFn: () => request<RoleTreeNode[]>('user', 'resource/tree', {}),
    staleTime: 60_000,
  });
}
