import { Outlet, createFileRoute, useChildMatches } from '@tanstack/react-router';
import { resourceSearchSchema } from '../../../features/resources/search';
import { RegistryScreen } from '../../../features/screens/RegistryScreen';
import { requireRoute } from '../../../lib/gate';

// Every admin screen the registry knows (src/client/features/screens/registry.tsx); hand-written
// route files (detail pages) win over it. /index, the post-login home, is the city dashboard.
export const Route = createFileRoute('/_authed/_admin/$page')({
  validateSearch: resourceSearchSchema,
  beforeLoad: ({ params, location }) => requireRoute(params.page, 'admin', location.searchStr),
  loaderDeps: ({ search }) => search,
  // The registry (every resource's definition) is a chunk of its own, out of the initial script.
  loader: async ({ context, params, deps }) =>
    (await import('../../../features/screens/registry')).prefetchRoute(params.page, context.queryClient, deps),
  component: AdminPage,
});

function AdminPage() {
  const { page } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // /unitManagement/:imei: the path parameter's route ($page.$param.tsx) renders the screen itself.
  if (useChildMatches().length > 0) return <Outlet />;
  return (
    <RegistryScreen
      key={page}
      name={page}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
