import { searchRules, text, integer, object } from '../../lib/searchParams';
import { type ListQuery } from '../../../shared/resources/list';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../shared/resources/paging';
import type { ResourceDef } from '../../../shared/resources';

// The router keeps search values as strings (lib/searchParams.ts), so numbers are coerced here.
export const resourceSearchSchema = searchRules({
  page: integer(1),
  size: integer(1, MAX_PAGE_SIZE),
  /** "field:asc" or "field:desc". */
  sort: text({ pattern: /^[\w.]+:(asc|desc)$/ }),
  keyword: text(),
  filters: object,
});
export type ResourceSearch = ReturnType<typeof resourceSearchSchema>;

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null || v === '');
  return false;
}

/** Filter values without empty entries, or undefined when none is left. */
function cleanFilters(filters: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
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
