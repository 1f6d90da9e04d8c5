import dayjs from 'dayjs';

/** Display format of date cells (docs/requirements/constants.md#tables-trees-and-formats). */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A date cell: numbers (or digit strings) under 13 digits are seconds, otherwise milliseconds; other strings are parsed. */
export function formatDateCell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const digits = String(value);
    const n = Number(value);
    const ms = digits.length < 13 ? n * 1000 : n;
    return dayjs(ms).format(DATE_FORMAT);
  }
  const parsed = dayjs(value as string | Date);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : String(value);
}

/** A splitTime cell: "start,end" (or an array) shown as two formatted dates. */
export function splitTimeCell(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return parts.map((p: unknown) => formatDateCell(typeof p === 'string' ? p.trim() : p)).filter(Boolean);
}

export type ActionRuleOp = '=' | '>=' | 'huishou';

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
