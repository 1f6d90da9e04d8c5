import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { autoLoginKey, hrefWithoutKey, tryAutoLogin } from '../features/auth/autoLogin';
import { RealtimeShell } from '../features/realtime/RealtimeShell';
import { navQuery } from '../lib/nav.queries';

/**
 * Pathless guard of every console screen (docs/requirements/screens-and-routes.md#access-gating): no token -> /login,
 * except the auto-login link; then the navigation bar, once per session.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    let autoLoggedIn = false;
    if (!context.session.getToken()) {
      const key = autoLoginKey(location.pathname, location.search);
      autoLoggedIn = key !== null && (await tryAutoLogin(key));
      if (!autoLoggedIn) throw redirect({ to: '/login', replace: true });
    }
    await context.queryClient.ensureQueryData(navQuery(context.session.getUser()?.id));
    if (autoLoggedIn) throw redirect({ href: hrefWithoutKey(location.pathname, location.search), replace: true });
  },
  component: AuthedLayout,
});

// The real-time shell (live bridge, call drawer, SOS and card dialogs) lives as long as the session.
function AuthedLayout() {
  return (
    <RealtimeShell>
      <Outlet />
    </RealtimeShell>
  );
}
