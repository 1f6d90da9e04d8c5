// The escalation service's public surface (docs/alarms.md#acknowledgement-and-escalation).
export { EscalationService, SWEEP_MS } from './service';
