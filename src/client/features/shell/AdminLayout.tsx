import { useCallback } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';
import { usePageTitle } from './usePageTitle';
import { SosHoldButton } from '../patrol/SosHoldButton';

/** The console's admin layout: header, collapsible side menu from the navigation tree, page. */
export function AdminLayout() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { menu } = useSession();
  const title = usePageTitle();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, setDesktopOpened] = useLocalStorage({ key: 'navbarOpened', defaultValue: true });

  const go = useCallback(
    (path: string) => {
      closeMobile();
      void navigate({ href: path });
    },
    [closeMobile, navigate],
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <HeaderBar
          title={title}
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          onToggleMobile={toggleMobile}
          onToggleDesktop={() => setDesktopOpened((open) => !open)}
          onNavigate={go}
        />
      </AppShell.Header>
      <AppShell.Navbar data-testid="side-menu">
        <SideMenu tree={menu ?? []} activePath={pathname} onNavigate={go} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <SosHoldButton />
    </AppShell>
  );
}
