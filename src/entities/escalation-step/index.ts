// The escalation-step folder's public surface: what the escalation service reads.
export { escalationSteps } from './table';
