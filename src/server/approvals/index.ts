/**
 * Approvals, the domain service behind leave requests and announcements (docs/requirements/
 * console-core.md, approvals): a request opens an approval that walks its chain of approval nodes.
 * This file is its public surface; nothing outside src/server/approvals imports its other modules.
 */
export {
  decideApproval,
  detailOf,
  inboxOf,
  notifyPending,
  openApproval,
  pendingOf,
  submitApproval,
  withdrawApproval,
} from './engine';
export { levelsOfNode } from './levels';
