// The approval-node entity's public surface: what other folders use of it (the rest of the folder is its own).
export { approvalNodeApprovers, approvalNodes } from './table';
