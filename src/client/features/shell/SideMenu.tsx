import type { MouseEvent } from 'react';
import { NavLink, ScrollArea, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { RESOURCE_TYPE, type NavEntry } from '../../../shared/session';
import { entryPath } from '../../lib/session';
import { isModifiedClick } from '../../lib/useLinkClick';
import { navIcon } from './navIcons';
import { navLabel } from './navLabel';

interface SideMenuProps {
  tree: readonly NavEntry[];
  /** Current pathname, to mark the active entry and open its directory. */
  activePath: string;
  /** Client-side navigation to '/' + uri (docs/requirements/screens-and-routes.md#access-gating). */
  onNavigate: (path: string) => void;
}

const visible = (entry: NavEntry) => entry.type !== RESOURCE_TYPE.button;

function hasChildren(entry: NavEntry): boolean {
  return (entry.list ?? []).some(visible);
}

function contains(entry: NavEntry, path: string): boolean {
  if (entry.type === RESOURCE_TYPE.menu && entryPath(entry) === path) return true;
  return (entry.list ?? []).some((child) => contains(child, path));
}

function Entry({
  entry,
  depth,
  activePath,
  onNavigate,
}: { entry: NavEntry; depth: number } & Omit<SideMenuProps, 'tree'>) {
  const { i18n } = useLingui();
  const label = navLabel(i18n, entry);
  const Icon = navIcon(entry.icon);
  const icon = <Icon size={depth === 0 ? 18 : 16} stroke={1.6} />;

  if (entry.type === RESOURCE_TYPE.directory || (hasChildren(entry) && entry.type !== RESOURCE_TYPE.menu)) {
    if (!hasChildren(entry)) return null;
    return (
      <NavLink
        label={label}
        leftSection={icon}
        defaultOpened={contains(entry, activePath)}
        childrenOffset={depth === 0 ? 28 : 'md'}
        // A closed directory renders nothing: Mantine 9 would pre-render every hidden entry (about
        // 250 for a full menu) in the background at each start.
        keepMounted={false}
        data-nav-dir={entry.value || entry.id}
      >
        {entry.list.filter(visible).map((child) => (
          <Entry key={child.id} entry={child} depth={depth + 1} activePath={activePath} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }

  const path = entryPath(entry);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks open a new tab as links normally do.
    if (isModifiedClick(event)) return;
    event.preventDefault();
    onNavigate(path);
  };
  return (
    <NavLink
      component="a"
      href={path}
      label={label}
      leftSection={icon}
      active={activePath === path}
      onClick={open}
      data-nav-value={entry.value}
    />
  );
}

/** The console's side menu, built from the navigation tree the service returned. */
export function SideMenu({ tree, activePath, onNavigate }: SideMenuProps) {
  const { t } = useLingui();
  const entries = tree.filter(visible);
  return (
    <ScrollArea type="scroll" h="100%" px="xs" py="sm">
      <nav aria-label={t`主菜单`}>
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm" p="md" data-testid="menu-empty">
            <Trans>暂无菜单</Trans>
          </Text>
        ) : (
          entries.map((entry) => (
            <Entry key={entry.id} entry={entry} depth={0} activePath={activePath} onNavigate={onNavigate} />
          ))
        )}
      </nav>
    </ScrollArea>
  );
}
