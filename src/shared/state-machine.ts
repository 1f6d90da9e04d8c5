/**
 * A small state machine: which states may follow which. Reviews, approvals and stock flows use
 * one each; a move the machine does not list is refused with 'noSuchTransition' (the message
 * docs/requirements/calls-and-errors.md#user-facing-messages names).
 */
export interface StateMachine<S extends number | string> {
  name: string;
  transitions: Readonly<Record<S, readonly S[]>>;
}

export function stateMachine<S extends number | string>(
  name: string,
  transitions: Readonly<Record<S, readonly S[]>>,
): StateMachine<S> {
  return { name, transitions };
}

export function canMove<S extends number | string>(m: StateMachine<S>, from: S, to: S): boolean {
  return (m.transitions[from] ?? []).includes(to);
}

/** The states a row must be in for a move to `to`. */
export function sourcesOf<S extends number | string>(m: StateMachine<S>, to: S): S[] {
  // Object keys are strings; a numeric machine's states come back as numbers.
  const state = (key: string) => (typeof to === 'number' ? Number(key) : key) as S;
  return Object.entries(m.transitions as Record<string, readonly S[]>)
    .filter(([, next]) => next.includes(to))
    .map(([from]) => state(from));
}

/** Review of anything submitted for approval: pending until passed or failed; a failed one may be resubmitted. */
const REVIEW = { pending: 1, passed: 2, failed: 3 } as const;
export const REVIEW_MACHINE = stateMachine<number>('review', {
  [REVIEW.pending]: [REVIEW.passed, REVIEW.failed],
  [REVIEW.failed]: [REVIEW.pending],
  [REVIEW.passed]: [],
});
