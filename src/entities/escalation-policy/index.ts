// The escalation-policy folder's public surface: what other folders and the escalation service use.
export { escalationPolicies } from './table';
export { DEMO_CONTACT } from './seed';
