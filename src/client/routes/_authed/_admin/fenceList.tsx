import { createFileRoute } from '@tanstack/react-router';
import { fenceResource } from '../../../../shared/resources/fence';
import { FenceListScreen } from '../../../features/fences/FenceListScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/fenceList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('fenceList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(fenceResource, buildListQuery(fenceResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FenceListScreen
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      onOpen={(id) => void navigate({ to: '/map/fenceInfo', search: id === undefined ? {} : { id } })}
    />
  );
}
