/**
 * The approval engine's codes, shared by the service (src/server/approvals/) and the console
 * (src/client/features/approvals/): what a request is for, its states and their machine, the
 * levels of a node, and the push that tells an approver a request waits for them.
 */
import { z } from 'zod';
import type { CodeEntry } from './codes';
import { stateMachine } from './state-machine';

/** What a request is for: the module that subscribes to 'approval.decided' for it. */
export type ApprovalKind = 'announcement' | 'leave' | 'other';
export const APPROVAL_KIND_TABLE: readonly CodeEntry<string>[] = [
  { value: 'announcement', cn: '公告发布', en: 'Announcement' },
  { value: 'leave', cn: '请假申请', en: 'Leave' },
  { value: 'other', cn: '其他事项', en: 'Other' },
];

/** A request: pending while a level has to decide; approved by the last level, rejected by any; withdrawn by its applicant. */
export const APPROVAL_STATE = { pending: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;
export const APPROVAL_STATE_TABLE: readonly CodeEntry[] = [
  { value: APPROVAL_STATE.pending, cn: '审批中', en: 'Pending' },
  { value: APPROVAL_STATE.approved, cn: '已通过', en: 'Approved' },
  { value: APPROVAL_STATE.rejected, cn: '已驳回', en: 'Rejected' },
  { value: APPROVAL_STATE.withdrawn, cn: '已撤回', en: 'Withdrawn' },
];

/**
 * pending -> pending (a level approved, the next one decides), approved (the last level
 * approved), rejected (any level rejected) or withdrawn (the applicant took it back). The end
 * states are final: anything else is 'noSuchTransition'.
 */
export const APPROVAL_MACHINE = stateMachine<number>('approval', {
  [APPROVAL_STATE.pending]: [
    APPROVAL_STATE.pending,
    APPROVAL_STATE.approved,
    APPROVAL_STATE.rejected,
    APPROVAL_STATE.withdrawn,
  ],
  [APPROVAL_STATE.approved]: [],
  [APPROVAL_STATE.rejected]: [],
  [APPROVAL_STATE.withdrawn]: [],
});

/** A step's decision. */
export const STEP_RESULT = { approved: 2, rejected: 3 } as const;
export const STEP_RESULT_TABLE: readonly CodeEntry[] = [
  { value: STEP_RESULT.approved, cn: '同意', en: 'Approved' },
  { value: STEP_RESULT.rejected, cn: '驳回', en: 'Rejected' },
];

/** Levels 1 to 3; a node needs at least MIN_APPROVERS approvers over its levels (spec "Approvers at least 2"). */
export const APPROVAL_LEVELS = [1, 2, 3] as const;
const MIN_APPROVERS = 2;
/** Comment limit of a decision. */
export const APPROVAL_COMMENT_MAX = 500;

/**
 * Whether approver lists per level make a valid node: levels used in order (level 2 needs level
 * 1, level 3 needs level 2) and at least MIN_APPROVERS approvers in total. Returns the message key.
 */
export function checkApprovalLevels(
  levels: readonly (readonly number[])[],
): 'approvalLevelsInvalid' | 'approversAtLeastTwo' | undefined {
  const sizes = levels.map((l) => new Set(l).size);
  const last = sizes.reduce((at, n, i) => (n > 0 ? i : at), -1);
  if (last < 0 || sizes.slice(0, last + 1).some((n) => n === 0))
    return sizes.every((n) => n === 0) ? 'approversAtLeastTwo' : 'approvalLevelsInvalid';
  if (new Set(levels.flat()).size < MIN_APPROVERS) return 'approversAtLeastTwo';
  return undefined;
}

/**
 * Push to `acm/{userId}/web`: a request waits for this user's decision (`result` absent), or the
 * applicant's request was decided.
 */
export const APPROVAL_PUSH_CODE = '9050';
export const approvalPushSchema = z.object({
  code: z
    .union([z.literal(APPROVAL_PUSH_CODE), z.literal(9050)])
    .transform((): typeof APPROVAL_PUSH_CODE => APPROVAL_PUSH_CODE),
  approvalId: z.number(),
  kind: z.string(),
  title: z.string(),
  level: z.number(),
  result: z.enum(['approved', 'rejected']).optional(),
});
export type ApprovalPush = z.infer<typeof approvalPushSchema>;
