import { Code } from '../../shared/api';
import { maskRow, specialFields } from '../../shared/mask';
import type { ListQuery } from '../../shared/resources/list';
import { fail } from '../lib/api-error';
import { hidesPersonalOf } from '../repos/navigation';
import type { Binding, Ctx, Row } from './types';

/**
 * How a caller is shown a resource's rows (docs/permissions.md "Masking"): in full, or with
 * personal data masked and the special-category fields (`personal: 'special'`) blanked, which
 * they may then neither search, filter nor sort by.
 */
interface Masking {
  hides: boolean;
  /** The special-category fields the caller is not shown: empty for who sees the rows in full. */
  hidden: ReadonlySet<string>;
}

/**
 * The caller's masking of `b`'s rows, for lists, gets, exports and export jobs alike: masked for
 * the visitor and for users whose roles lack the resource's screen; rows private to that screen
 * (`privateRows`) are refused to them outright.
 */
export async function maskingOf(ctx: Pick<Ctx, 'db' | 'scope'>, b: Binding): Promise<Masking> {
  const hides = await hidesPersonalOf(ctx.db, ctx.scope, b.def.routes[0]!);
  if (hides && b.def.privateRows) fail(Code.FORBIDDEN, 'noPermission');
  return { hides, hidden: hides ? specialFields(b.def.fields) : new Set() };
}

/** Filtering or sorting by a field the caller is not shown would tell its values row by row: refused. */
export function refuseHiddenQuery(m: Masking, q: Pick<ListQuery, 'filters' | 'sort'>): void {
  if (Object.keys(q.filters ?? {}).some((f) => m.hidden.has(f)) || (q.sort ?? []).some((s) => m.hidden.has(s.field)))
    fail(Code.FORBIDDEN, 'noPermission');
}

/** Rows as the caller is shown them: masked, then the resource's own `shown` hook. */
export async function shownRows(ctx: Ctx, m: Masking, b: Binding, rows: Row[]): Promise<Row[]> {
  const masked = m.hides ? rows.map((r) => maskRow(b.def.fields, r)) : rows;
  return b.hooks?.shown
    ? b.hooks.shown(ctx, masked, (other) =>
        maskingOf(ctx, other).then(
          (o) => o.hides,
          () => true, // rows private to a screen the caller lacks
        ),
      )
    : masked;
}
