import type { MessageDescriptor } from '@lingui/core';
import { ROUTE_LABELS, SCENARIO_LABELS } from './routeLabels.gen';

const hasOwn = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/** Menu/title label of a registry route (its menu value), or undefined for an unknown name. */
export function routeLabel(value: string): MessageDescriptor | undefined {
  return hasOwn(ROUTE_LABELS, value) ? ROUTE_LABELS[value] : undefined;
}

/** Label of a demo-menu directory (routes.ts SCENARIOS key). */
export function scenarioLabel(key: string): MessageDescriptor | undefined {
  return hasOwn(SCENARIO_LABELS, key) ? SCENARIO_LABELS[key as keyof typeof SCENARIO_LABELS] : undefined;
}
