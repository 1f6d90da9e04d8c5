import { useSyncExternalStore } from 'react';
import { type UserInfo } from '../../shared/auth';
import { RESOURCE_TYPE, type NavEntry } from '../../shared/session';
import { ALWAYS_ALLOWED, findRoute, routePath } from '../../shared/routes';

/** Local storage keys of the session (docs/requirements/entities.md#session); `lang` belongs to i18n.ts. */
export const SESSION_KEYS = {
  usinfo: 'usinfo',
  permissionList: 'permissionList',
  children: 'children',
  menu: 'menu',
  token: 'token',
} as const;

export interface SessionSnapshot {
  token: string | null;
  user: UserInfo | null;
  /** Navigation tree as the service returned it; null until it was loaded once. */
  menu: NavEntry[] | null;
}

function parseJson<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  return parseJson<T>(localStorage.getItem(key));
}

// The parsed snapshot is reused while the stored strings are unchanged, which keeps
// useSyncExternalStore stable and still notices writes made behind the store's back.
let cache: { raw: (string | null)[]; value: SessionSnapshot } | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab logging in or out must not leave this tab on a stale session.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) changed();
  });
}

export function getSession(): SessionSnapshot {
  const raw = [SESSION_KEYS.token, SESSION_KEYS.usinfo, SESSION_KEYS.menu].map((key) => localStorage.getItem(key));
  if (cache && raw.every((value, i) => value === cache?.raw[i])) return cache.value;
  const [token, usinfo, menu] = raw as [string | null, string | null, string | null];
  cache = {
    raw,
    value: { token: token || null, user: parseJson<UserInfo>(usinfo), menu: parseJson<NavEntry[]>(menu) },
  };
  return cache.value;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export const getToken = (): string | null => getSession().token;
export const getUser = (): UserInfo | null => getSession().user;
export const getMenu = (): NavEntry[] | null => getSession().menu;
export const getPermissionList = (): NavEntry[] => readJson<NavEntry[]>(SESSION_KEYS.permissionList) ?? [];
export const getChildren = (): string[] => readJson<string[]>(SESSION_KEYS.children) ?? [];

export function saveLogin(token: string, usinfo: UserInfo): void {
  localStorage.setItem(SESSION_KEYS.token, token);
  localStorage.setItem(SESSION_KEYS.usinfo, JSON.stringify(usinfo));
  // A new login never inherits the previous user's menu.
  localStorage.removeItem(SESSION_KEYS.menu);
  localStorage.removeItem(SESSION_KEYS.permissionList);
  localStorage.removeItem(SESSION_KEYS.children);
  changed();
}

/** Every entry of the tree, depth-first, without the nested lists. */
export function flattenNav(tree: readonly NavEntry[]): NavEntry[] {
  const out: NavEntry[] = [];
  const walk = (entries: readonly NavEntry[]) => {
    for (const entry of entries) {
      const { list, ...rest } = entry;
      out.push({ ...rest, list: [] });
      if (list?.length) walk(list);
    }
  };
  walk(tree);
  return out;
}

function isMenu(entry: NavEntry): boolean {
  return entry.type === RESOURCE_TYPE.menu && Boolean(entry.value);
}

export function saveMenu(tree: NavEntry[]): void {
  const flat = flattenNav(tree);
  localStorage.setItem(SESSION_KEYS.menu, JSON.stringify(tree));
  localStorage.setItem(SESSION_KEYS.permissionList, JSON.stringify(flat));
  localStorage.setItem(SESSION_KEYS.children, JSON.stringify(flat.filter(isMenu).map((e) => e.value)));
  changed();
}

export function clear(): void {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  changed();
}

/**
 * Route names the user may open: their menu entries plus
 * docs/requirements/screens-and-routes.md#always-allowed-routes.
 */
export function allowedRoutes(): Set<string> {
  return new Set<string>([...getChildren(), ...ALWAYS_ALLOWED]);
}

export function isAllowed(name: string): boolean {
  return allowedRoutes().has(name);
}

/** Button permission marks of the user ('*' grants all). */
/** The visitor reads and never writes (the service refuses with readOnlyVisitor): offer no write action. */
export function isReadOnly(): boolean {
  return getUser()?.kind === 'visitor';
}

export function hasMark(mark: string): boolean {
  const marks = getUser()?.marks ?? [];
  return marks.includes('*') || marks.includes(mark);
}

/** '/' plus the entry uri, tolerating uris stored with a leading slash. */
export function entryPath(entry: Pick<NavEntry, 'uri' | 'value'>): string {
  const uri = (entry.uri || entry.value).replace(/^\/+/, '');
  return `/${uri}`;
}

/** First menu leaf of a subtree, depth-first. */
export function firstLeaf(entries: readonly NavEntry[]): NavEntry | undefined {
  for (const entry of entries) {
    if (isMenu(entry)) return entry;
    const inner = entry.list?.length ? firstLeaf(entry.list) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** A phone-sized screen (below Mantine's `sm`, 48em): the patrol phone's layout. */
export const isPhoneWidth = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches === true;

/**
 * The landing page: the first top-level menu entry (docs/requirements/screens-and-routes.md#access-gating), else the
 * first always-allowed screen. On a phone the alarm log, which every user may open: patrol staff
 * open the app for the alarms (docs/alarms.md "Push to phones"), not for the dashboard's map.
 */
export function landingPath(phone = isPhoneWidth()): string {
  if (phone) {
    const alarms = findRoute('AlarmHistory');
    if (alarms) return routePath(alarms);
  }
  const leaf = firstLeaf(getMenu() ?? []);
  if (leaf) return entryPath(leaf);
  const fallback = findRoute(ALWAYS_ALLOWED[0]);
  return fallback ? routePath(fallback) : '/login';
}
