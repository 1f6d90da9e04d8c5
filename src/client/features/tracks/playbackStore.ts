import { useSyncExternalStore } from 'react';
import {
  PLAYBACK,
  PLAYBACK_TICK_MS,
  initialPlayback,
  playbackReducer,
  type PlaybackAction,
  type PlaybackState,
} from '../../../shared/geo/track';

export interface PlaybackStore {
  get(): PlaybackState;
  dispatch(action: PlaybackAction): void;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

/** How long the reset state (5) shows before it settles to ready (1). */
export const RESET_SETTLE_MS = PLAYBACK_TICK_MS;

/**
 * Playback lives outside React: the 20 ms tick updates this store, and only what subscribes to
 * it (the bar, the cursor, the point panel) re-renders, never the screen with its 100,000 points.
 * The timer runs only while playing.
 */
export function createPlaybackStore(
  timers: Pick<typeof globalThis, 'setInterval' | 'clearInterval' | 'setTimeout' | 'clearTimeout'> = globalThis,
  now: () => number = () => performance.now(),
): PlaybackStore {
  let state = initialPlayback();
  // Timers fire late on a busy page; the ticks that elapsed are applied, so 8x stays 8x.
  let dueAt = 0;
  const onTimer = () => {
    const elapsed = Math.floor((now() - dueAt) / PLAYBACK_TICK_MS);
    if (elapsed < 1) return;
    dueAt += elapsed * PLAYBACK_TICK_MS;
    dispatch({ type: 'tick', ticks: elapsed });
  };
  const listeners = new Set<() => void>();
  let interval: ReturnType<typeof setInterval> | null = null;
  let settle: ReturnType<typeof setTimeout> | null = null;

  const sync = () => {
    const playing = state.status === PLAYBACK.playing;
    if (playing && interval === null) {
      dueAt = now();
      interval = timers.setInterval(onTimer, PLAYBACK_TICK_MS);
    }
    if (!playing && interval !== null) {
      timers.clearInterval(interval);
      interval = null;
    }
    if (state.status === PLAYBACK.reset && settle === null) {
      settle = timers.setTimeout(() => {
        settle = null;
        dispatch({ type: 'settle' });
      }, RESET_SETTLE_MS);
    }
  };

  function dispatch(action: PlaybackAction) {
    const next = playbackReducer(state, action);
    if (next === state) return;
    state = next;
    sync();
    for (const l of listeners) l();
  }

  return {
    get: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (interval !== null) timers.clearInterval(interval);
      if (settle !== null) timers.clearTimeout(settle);
      // Listeners stay: they unsubscribe themselves, and a StrictMode remount keeps using the store.
      interval = settle = null;
    },
  };
}

/** A slice of the playback state; the component re-renders only when the slice changes. */
export function usePlayback<T>(store: PlaybackStore, select: (s: PlaybackState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
