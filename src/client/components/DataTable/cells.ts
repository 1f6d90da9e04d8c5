import { formatDateCell } from '../../lib/dates';

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
