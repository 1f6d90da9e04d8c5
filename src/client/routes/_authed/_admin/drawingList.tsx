import { createFileRoute } from '@tanstack/react-router';
import { drawingResource } from '../../../../shared/resources/indoor';
import { DrawingLibraryScreen } from '../../../features/indoor/DrawingLibraryScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/drawingList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('drawingList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(drawingResource, buildListQuery(drawingResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DrawingLibraryScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
