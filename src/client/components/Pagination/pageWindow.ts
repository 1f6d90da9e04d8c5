/** Page buttons shown at once (docs/requirements/widgets.md#pagination). */
const MAX_PAGE_BUTTONS = 5;

interface PageWindow {
  pages: number[];
  /** Pages hidden before the first button. */
  before: boolean;
  /** Pages hidden after the last button. */
  after: boolean;
}

export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/** The visible page buttons: at most five, centred on the current page where the range allows. */
export function pageWindow(current: number, last: number): PageWindow {
  const count = Math.min(MAX_PAGE_BUTTONS, Math.max(1, last));
  const page = Math.min(Math.max(1, current), Math.max(1, last));
  const start = Math.max(1, Math.min(page - Math.floor(MAX_PAGE_BUTTONS / 2), last - count + 1));
  const pages = Array.from({ length: count }, (_, i) => start + i);
  return { pages, before: start > 1, after: start + count - 1 < last };
}

/**
 * Page-number input (docs/requirements/widgets.md#pagination): non-digits stripped, empty or below 1 -> 1, above last
 * -> last.
 */
export function clampPage(input: string, last: number): number {
  const digits = input.replace(/\D/g, '');
  const value = digits ? Number.parseInt(digits, 10) : 0;
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(value, Math.max(1, last));
}
