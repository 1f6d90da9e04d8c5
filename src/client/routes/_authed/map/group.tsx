import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { deviceGroupResource } from '../../../../shared/resources/device';
import { ResourceScreen } from '../../../features/resources/ResourceScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/group')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('group', 'map'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(deviceGroupResource, buildListQuery(deviceGroupResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Box p="md">
      <ResourceScreen def={deviceGroupResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </Box>
  );
}
