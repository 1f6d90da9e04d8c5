import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How long a screen's script may take to arrive (docs/requirements/constants.md#timing: 120 s). */
const CHUNK_TIMEOUT_MS = 120_000;

/** A screen's script could not be loaded: missing after a deploy, a network error or the timeout. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

// What the browsers say when a dynamic import fails (Chromium, Firefox, Safari, Vite's preload).
const CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
  'Failed to load module script',
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return CHUNK_MESSAGES.some((m) => message.includes(m));
}

/** A dynamic import that fails as ChunkLoadError, also when nothing arrives within the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`timeout after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** A lazily loaded screen that can start loading its chunk before it renders. */
export type LazyScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<void> };

/**
 * React.lazy over loadChunk: the screen's own chunk, loaded on first render, or earlier by
 * `preload()` (the route loader calls it beside its data prefetch, so the script and the data
 * arrive together). A failed load is forgotten, so a later preload or render tries again.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () =>
    (pending ??= loadChunk(load)
      .then((component) => ({ default: component }))
      .catch((err: unknown) => {
        pending = undefined;
        throw err;
      }));
  return Object.assign(lazy(get), { preload: () => get().then(() => undefined) });
}
