import { zoned } from '../../lib/zone';

/** Display format of date cells (docs/requirements/constants.md#tables-trees-and-formats). */
const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The console's one date formatter: every date and time is shown on the tenant's clock
 * (lib/zone.ts, docs/decisions.md "Time zones"), whatever the browser's zone. Numbers (or digit
 * strings) under 13 digits are seconds, otherwise milliseconds; text with a zone is an instant,
 * text without one a wall time of the tenant. `format` is a Day.js format (default DATE_FORMAT).
 */
export function formatDateCell(value: unknown, format: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const digits = String(value);
    const n = Number(value);
    const ms = digits.length < 13 ? n * 1000 : n;
    return zoned(ms).format(format);
  }
  if (typeof value !== 'string' && !(value instanceof Date)) return String(value);
  try {
    const parsed = zoned(value);
    return parsed.isValid() ? parsed.format(format) : String(value);
  } catch {
    // Text Day.js cannot read (Intl refuses an invalid time): shown as it came.
    return String(value);
  }
}

/** A splitTime cell: "start,end" (or an array) shown as two formatted dates. */
export function splitTimeCell(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return parts.map((p: unknown) => formatDateCell(typeof p === 'string' ? p.trim() : p)).filter(Boolean);
}

type ActionRuleOp = '=' | '>=' | 'huishou';

/**
 * When an action button shows (docs/requirements/widgets.md#data-table): equality, '>=' or 'huishou' (value >=
 * threshold and <= 5).
 */
export interface ActionRule {
  field: string;
  value: number | string;
  op?: ActionRuleOp;
}

export function isActionVisible(rule: ActionRule | undefined, row: Record<string, unknown>): boolean {
  if (!rule) return true;
  const actual = row[rule.field];
  switch (rule.op ?? '=') {
    case '=':
      return actual !== undefined && actual !== null && String(actual) === String(rule.value);
    case '>=':
      return Number(actual) >= Number(rule.value);
    case 'huishou': {
      const n = Number(actual);
      return n >= Number(rule.value) && n <= 5;
    }
  }
}

/**
 * Actions that change or remove data irrecoverably and so ask first
 * (docs/requirements/validation.md#deletes-and-confirmation).
 */
export const DANGER_ACTIONS: ReadonlySet<string> = new Set(['delete', 'unbind', 'recycle', 'close']);
