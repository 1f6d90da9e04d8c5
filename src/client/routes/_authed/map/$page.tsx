import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { resourceSearchSchema } from '../../../features/resources/search';
import { RegistryScreen } from '../../../features/screens/RegistryScreen';
import { requireRoute } from '../../../lib/gate';

// Every /map screen the registry knows; the map screens with their own route files win over it.
export const Route = createFileRoute('/_authed/map/$page')({
  validateSearch: resourceSearchSchema,
  beforeLoad: ({ params, location }) => requireRoute(params.page, 'map', location.searchStr),
  loaderDeps: ({ search }) => search,
  // The registry (every resource's definition) is a chunk of its own, out of the initial script.
  loader: async ({ context, params, deps }) =>
    (await import('../../../features/screens/registry')).prefetchRoute(params.page, context.queryClient, deps),
  component: MapPage,
});

function MapPage() {
  const { page } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Box p="md">
      <RegistryScreen
        key={page}
        name={page}
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    </Box>
  );
}
