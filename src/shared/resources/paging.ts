// Paging constants without schemas (list.ts has those), so the console's first load carries no zod.

/** Page sizes the console offers; the service accepts up to MAX_PAGE_SIZE. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;
