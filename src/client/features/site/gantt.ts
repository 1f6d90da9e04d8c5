import type { PlanBar } from '../../../entities/work-plan/resource';

const DAY_MS = 86_400_000;

/** Days since the epoch of a YYYY-MM-DD date (UTC calendar days, no time zone involved). */
export function dayNumber(date: string): number {
  return Math.floor(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS,
  );
}

/** YYYY-MM-DD of a day number. */
function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A plan in the tree's order with its depth (0: top-level). */
interface TreeRow {
  plan: PlanBar;
  depth: number;
  hasChildren: boolean;
}

/**
 * The plans depth first: each plan followed by its sub-plans, siblings in start order. A plan
 * whose parent is not among `plans` (not loaded, or a broken link) shows at the top level.
 */
export function treeOrder(plans: readonly PlanBar[]): TreeRow[] {
  const ids = new Set(plans.map((p) => p.id));
  const children = new Map<number | null, PlanBar[]>();
  for (const p of plans) {
    const key = p.parentId !== null && ids.has(p.parentId) ? p.parentId : null;
    children.set(key, [...(children.get(key) ?? []), p]);
  }
  const byStart = (a: PlanBar, b: PlanBar) => a.startDate.localeCompare(b.startDate) || a.id - b.id;
  const out: TreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const p of [...(children.get(parent) ?? [])].sort(byStart)) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push({ plan: p, depth, hasChildren: (children.get(p.id)?.length ?? 0) > 0 });
      walk(p.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The day range the chart spans: every plan and today, with a few days' margin. */
export function axisRange(plans: readonly PlanBar[], today: string, margin = 3): { from: number; to: number } {
  const t = dayNumber(today);
  let from = t;
  let to = t;
  for (const p of plans) {
    from = Math.min(from, dayNumber(p.startDate));
    to = Math.max(to, dayNumber(p.endDate));
  }
  return { from: from - margin, to: to + margin };
}

/** Where a bar lies on the axis, in percent of its width: the end day is included. */
export function barBox(
  plan: Pick<PlanBar, 'startDate' | 'endDate'>,
  range: { from: number; to: number },
): { left: number; width: number } {
  const span = range.to - range.from + 1;
  const start = dayNumber(plan.startDate) - range.from;
  const days = dayNumber(plan.endDate) - dayNumber(plan.startDate) + 1;
  return { left: (start / span) * 100, width: (Math.max(1, days) / span) * 100 };
}

/** Axis ticks: the first day of each month inside the range (or every 7 days for a short range). */
export function axisTicks(range: { from: number; to: number }): { day: number; label: string }[] {
  const ticks: { day: number; label: string }[] = [];
  if (range.to - range.from <= 45) {
    for (let d = range.from; d <= range.to; d += 7) ticks.push({ day: d, label: dayText(d).slice(5) });
    return ticks;
  }
  for (let d = range.from; d <= range.to; d++) {
    const text = dayText(d);
    if (text.endsWith('-01')) ticks.push({ day: d, label: text.slice(0, 7) });
  }
  return ticks;
}
