import { queryOptions } from '@tanstack/react-query';
import type { NavEntry } from '../../shared/session';
import { LOGIN_LANGUAGE } from '../../shared/constants';
import { serverMessage } from '../i18n/serverMessages';
import { request, toast } from './request';
import { getMenu, saveMenu } from './session';

export const navKeys = {
  all: ['nav'] as const,
  tree: (userId: number | undefined) => ['nav', userId ?? 0] as const,
};

/**
 * Loads the caller's navigation bar, stores it as menu/permissionList/children
 * (docs/requirements/roles-and-permissions.md#navigation-menu).
 */
async function fetchNavigation(): Promise<NavEntry[]> {
  const answer = await request<NavEntry[] | null>('user', 'per/getNavigationBar', { language: LOGIN_LANGUAGE });
  const tree = Array.isArray(answer) ? answer : [];
  saveMenu(tree);
  if (tree.length === 0)
    toast('tip', serverMessage('noNavigation', 'No navigation bar data assigned'), 'no-navigation');
  return tree;
}

/**
 * Once per session: the login flow fetches it, later loads start from the stored menu
 * (also what keeps the shell usable offline), and logout clears the cache.
 */
export function navQuery(userId: number | undefined) {
  return queryOptions({
    queryKey: navKeys.tree(userId),
    queryFn: fetchNavigation,
    staleTime: Infinity,
    initialData: () => getMenu() ?? undefined,
  });
}
