import { useSyncExternalStore } from 'react';

/** Count of requests in flight, driving the global progress bar. */
let inflight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginLoading(): void {
  inflight += 1;
  emit();
}

export function endLoading(): void {
  inflight = Math.max(0, inflight - 1);
  emit();
}

export function inflightCount(): number {
  return inflight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInflight(): number {
  return useSyncExternalStore(subscribe, inflightCount, inflightCount);
}
