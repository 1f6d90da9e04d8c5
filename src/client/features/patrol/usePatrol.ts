import { useSyncExternalStore } from 'react';
import { getPatrolState, subscribePatrol, type PatrolState } from './sharing';

/** The phone's sharing state (sharing.ts) for the header indicator, the switch and the SOS button. */
export function usePatrol(): PatrolState {
  return useSyncExternalStore(subscribePatrol, getPatrolState, getPatrolState);
}
