import type { ResourceSearch } from '../resources/search';

/** What a route file hands its screen: the typed search state and how to change it. */
export interface RouteScreenProps {
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
}
