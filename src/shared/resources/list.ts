import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging';

/** Export and import caps, so one request cannot hold the service for minutes. */
export const MAX_EXPORT_ROWS = 50_000;
export const MAX_IMPORT_ROWS = 5_000;

const sortSpec = z.object({ field: z.string().min(1).max(64), order: z.enum(['asc', 'desc']) });

/**
 * Body of every `list` action. Filter values by the field's FilterMode: eq a scalar, like a
 * string, range `[from, to]` (either may be null), in an array.
 */
export const listQuery = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.array(sortSpec).max(3).optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * Lists count matching rows exactly up to this many (500 pages of 20). Past it the count would
 * cost as much as reading the whole table on every page, so the answer says `capped` and the
 * pagination shows "10,000+"; filters narrow it, and exports always contain every row.
 */
export const LIST_COUNT_CAP = 10_000;

export interface ListResult<T> {
  rows: T[];
  /** Matching rows, exact up to LIST_COUNT_CAP. */
  total: number;
  /** Set when more than LIST_COUNT_CAP rows match (`total` is then the cap). */
  capped?: boolean;
}

export const idBody = z.object({ id: z.number().int().positive() });
export const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1, 'nothingSelected').max(1000) });
export const exportBody = listQuery
  .omit({ page: true, size: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

/** Answer of `import`: rows that failed carry their sheet row number (1 = header) and messages. */
export interface ImportReport {
  total: number;
  imported: number;
  errors: { row: number; messages: string[] }[];
}
