// The escalation-policy folder's public surface: what other folders use of it.
export { DEMO_CONTACT } from './seed';
