import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListQuery } from '../../../shared/resources/list';
import type { ResourceDef } from '../../../shared/resources';

// The router keeps search values as strings (lib/searchParams.ts), so numbers are coerced here.
export const resourceSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().catch(undefined),
  /** "field:asc" or "field:desc". */
  sort: z
    .string()
    .regex(/^[\w.]+:(asc|desc)$/)
    .optional()
    .catch(undefined),
  keyword: z.string().optional().catch(undefined),
  filters: z.record(z.string(), z.unknown()).optional().catch(undefined),
});
export type ResourceSearch = z.infer<typeof resourceSearchSchema>;

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null || v === '');
  return false;
}

/** Filter values without empty entries, or undefined when none is left. */
export function cleanFilters(filters: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const entries = Object.entries(filters ?? {}).filter(([, v]) => !isBlank(v));
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export function parseSort(sort: string | undefined): { field: string; order: 'asc' | 'desc' } | undefined {
  if (!sort) return undefined;
  const [field, order] = sort.split(':');
  return field && (order === 'asc' || order === 'desc') ? { field, order } : undefined;
}

/**
 * The `list` body of a screen's search state (docs/requirements/widgets.md#pagination: server-side paging, sort,
 * filters, keyword).
 */
export function buildListQuery(def: Pick<ResourceDef, 'defaultSort'>, search: ResourceSearch): ListQuery {
  const sort = parseSort(search.sort) ?? def.defaultSort;
  const keyword = search.keyword?.trim();
  const filters = cleanFilters(search.filters);
  return {
    page: search.page ?? 1,
    size: search.size ?? DEFAULT_PAGE_SIZE,
    sort: [sort],
    ...(filters ? { filters } : {}),
    ...(keyword ? { keyword } : {}),
  };
}
