/**
 * What /api/health says (docs/reliability.md "Health"): each part of the service that storing a
 * device's message depends on, `ok`, `degraded` (working, but an operator should look) or
 * `down`; the service is ready (HTTP 200) only while it can store.
 */
export type HealthState = 'ok' | 'degraded' | 'down';

export interface ComponentHealth {
  state: HealthState;
  /** Why, in an operator's words (absent when ok). */
  detail?: string;
}

export const COMPONENTS = ['database', 'broker', 'disk', 'ingest', 'listeners'] as const;
export type Component = (typeof COMPONENTS)[number];

export interface HealthReport {
  /** The worst of the components. */
  state: HealthState;
  /** Whether device messages can be stored now (readiness): false answers 503. */
  ready: boolean;
  components: Record<Component, ComponentHealth>;
}
