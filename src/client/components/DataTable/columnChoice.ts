import { useState } from 'react';

/**
 * Which columns of a list the user shows, kept in localStorage under `columns:<key>` (one key a
 * list). Only the user's departures from the list's default are stored: the columns they hid that
 * the default shows and the ones they showed that the default hides, so a column the default
 * later hides or shows follows the new default unless the user chose otherwise.
 */
interface StoredChoice {
  hidden: string[];
  shown: string[];
}

const PREFIX = 'columns:';

const names = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function readChoice(key: string): StoredChoice | undefined {
  try {
    const raw = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null') as Partial<StoredChoice> | null;
    if (!raw || typeof raw !== 'object') return undefined;
    const choice = { hidden: names(raw.hidden), shown: names(raw.shown) };
    return choice.hidden.length || choice.shown.length ? choice : undefined;
  } catch {
    return undefined;
  }
}

function writeChoice(key: string, choice: StoredChoice | undefined): void {
  try {
    if (choice) localStorage.setItem(PREFIX + key, JSON.stringify(choice));
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // storage full or disabled: the choice lasts until the page is left
  }
}

/** The hidden columns: the default's, less what the user showed, plus what the user hid. */
export function hiddenColumns(defaults: readonly string[], choice: StoredChoice | undefined): Set<string> {
  const hidden = new Set(defaults);
  for (const id of choice?.shown ?? []) hidden.delete(id);
  for (const id of choice?.hidden ?? []) hidden.add(id);
  return hidden;
}

/** The choice after the user flipped `id`, as departures from `defaults` (undefined: back to the default). */
export function toggled(
  defaults: readonly string[],
  choice: StoredChoice | undefined,
  id: string,
): StoredChoice | undefined {
  const hiding = !hiddenColumns(defaults, choice).has(id);
  const byDefault = defaults.includes(id);
  const hidden = (choice?.hidden ?? []).filter((c) => c !== id);
  const shown = (choice?.shown ?? []).filter((c) => c !== id);
  if (hiding && !byDefault) hidden.push(id);
  if (!hiding && byDefault) shown.push(id);
  return hidden.length || shown.length ? { hidden, shown } : undefined;
}

export interface ColumnChoice {
  hidden: ReadonlySet<string>;
  /** The user departs from the list's default. */
  custom: boolean;
  toggle: (id: string) => void;
  reset: () => void;
}

/** The user's column choice for the list `key`, starting from `defaults` (the columns hidden by default). */
export function useColumnChoice(key: string, defaults: readonly string[]): ColumnChoice {
  const [state, setState] = useState(() => ({ key, choice: readChoice(key) }));
  // Another list in the same place (a route change that keeps the component): read its choice.
  const current = state.key === key ? state : { key, choice: readChoice(key) };
  if (current !== state) setState(current);
  const save = (choice: StoredChoice | undefined) => {
    writeChoice(key, choice);
    setState({ key, choice });
  };
  return {
    hidden: hiddenColumns(defaults, current.choice),
    custom: current.choice !== undefined,
    toggle: (id) => save(toggled(defaults, current.choice, id)),
    reset: () => save(undefined),
  };
}
