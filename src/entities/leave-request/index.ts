// The leave-request entity's public surface: what other folders use of it (the rest of the folder is its own).
export { LEAVE_STATE, LEAVE_TYPE } from './resource';
export { DEMO_APPROVAL_NODE, DEMO_APPROVER } from './seed';
export { leaveRequests } from './table';
