import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { resourceSearchSchema, type ResourceSearch } from '../../../features/resources/search';
import { PlaceholderScreen } from '../../../features/screens/PlaceholderScreen';
import { lazyScreen, type LazyScreen } from '../../../lib/chunks';
import { requireRoute } from '../../../lib/gate';

/** The screens that take the path parameter, told its value. */
const PARAM_SCREENS: Record<
  string,
  LazyScreen<{ param: string; search: ResourceSearch; onSearchChange: (next: ResourceSearch) => void }>
> = {
  unitManagement: lazyScreen(() =>
    import('../../../features/community/UnitScreen').then(({ UnitScreen }) => ({ param, ...props }) => (
      <UnitScreen imei={param} {...props} />
    )),
  ),
};

// Screens with a path parameter (docs/requirements/screens-and-routes.md#community-and-mall-routes:
// /unitManagement/:imei?); other names have none.
export const Route = createFileRoute('/_authed/_admin/$page/$param')({
  validateSearch: resourceSearchSchema,
  beforeLoad: ({ params }) => {
    const gate = requireRoute(params.page, 'admin');
    if (!gate.specRoute.param) throw notFound();
    return gate;
  },
  loader: ({ params }) => PARAM_SCREENS[params.page]?.preload().catch(() => undefined),
  component: ParamPage,
});

function ParamPage() {
  const { page, param } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const Screen = PARAM_SCREENS[page];
  if (!Screen) return <PlaceholderScreen name={page} />;
  return (
    <Suspense
      fallback={
        <Center mih="40vh" data-testid="screen-loading">
          <Loader />
        </Center>
      }
    >
      <Screen
        key={param}
        param={param}
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    </Suspense>
  );
}
