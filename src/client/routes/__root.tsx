import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { LoadingBar } from '../components/LoadingBar';
import { NotFoundScreen } from '../components/NotFoundScreen';
import type { RouterContext } from '../lib/routerContext';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: NotFoundScreen,
});

function RootComponent() {
  return (
    <>
      <LoadingBar />
      <Outlet />
    </>
  );
}
