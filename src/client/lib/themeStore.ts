import { useSyncExternalStore } from 'react';

/** The two themes of docs/requirements/screens-and-routes.md#header-menu-and-themes: blue technology, white campus. */
export const THEME_NAMES = ['blue', 'white'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
const THEME_KEY = 'theme';
const DEFAULT_THEME: ThemeName = 'blue';

const listeners = new Set<() => void>();

function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

function getThemeName(): ThemeName {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_KEY);
  return isThemeName(stored) ? stored : DEFAULT_THEME;
}

export function setThemeName(name: ThemeName): void {
  localStorage.setItem(THEME_KEY, name);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeName(): ThemeName {
  return useSyncExternalStore(subscribe, getThemeName, getThemeName);
}
