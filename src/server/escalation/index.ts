// The escalation service's public surface (docs/alarms.md#acknowledgement-and-escalation).
export { EscalationService, SWEEP_MS, type EscalationDeps, type EscalationStats, type FiredSteps } from './service';
export { choosePolicy, loadPolicies, minuteOfDay, type PolicyPlan } from './policies';
export { alarmText, type NotifyLang } from './text';
