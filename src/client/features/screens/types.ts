import type { QueryClient } from '@tanstack/react-query';
import type { ResourceDef } from '../../../shared/resources';
import type { LazyScreen } from '../../lib/chunks';
import type { ResourceSearch } from '../resources/search';

/** What a screen gets from its route: the typed search state and how to change it. */
export interface RouteScreenProps {
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
}

/**
 * A registered screen. Without `component` it is the generic list of `resource`; with one it is
 * that component, loaded as its own chunk. The route loader prefetches what `prefetch` names
 * (default: the resource's list for the search, after `preset`).
 */
export interface ScreenEntry {
  resource?: ResourceDef;
  /** The search the list starts from (fixed or default filters of this route). */
  preset?: (search: ResourceSearch) => ResourceSearch;
  component?: LazyScreen<RouteScreenProps>;
  prefetch?: (queryClient: QueryClient, search: ResourceSearch) => Promise<unknown> | undefined;
}

/**
 * The screens an entity folder registers (src/entities/<name>/screen.tsx, default export): route
 * name to entry, merged into SCREENS through src/entities/screens.gen.ts.
 */
export type EntityScreens = Readonly<Record<string, ScreenEntry>>;
