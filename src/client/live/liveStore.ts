import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveBridge } from './bridge';
import type { LiveEvents, LiveStatus } from './types';

// The bridge of the current session and its connection state, for the shell and the intercom.
let current: LiveBridge | null = null;
let status: LiveStatus = 'idle';
let stopStatus: (() => void) | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Installs (or with null removes) the session's bridge; the previous one is the caller's to close. */
export function setLiveBridge(bridge: LiveBridge | null): void {
  stopStatus?.();
  current = bridge;
  status = bridge?.status ?? 'idle';
  stopStatus = bridge?.on('status', (next) => {
    status = next;
    changed();
  });
  changed();
}

export const getLiveBridge = (): LiveBridge | null => current;

export function useLiveBridge(): LiveBridge | null {
  return useSyncExternalStore(subscribe, getLiveBridge, getLiveBridge);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
}

/** Calls `handler` for each `name` event of the current bridge; follows a bridge swap on re-login. */
export function useLiveEvent<K extends keyof LiveEvents>(name: K, handler: (value: LiveEvents[K]) => void): void {
  const bridge = useLiveBridge();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => bridge?.on(name, (value) => ref.current(value)), [bridge, name]);
}
