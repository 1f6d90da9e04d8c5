import { createFileRoute } from '@tanstack/react-router';
import { drawingResource } from '../../../../shared/resources/indoor';
import { DrawingLibraryScreen } from '../../../features/indoor/DrawingLibraryScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/uwbDrawingList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('uwbDrawingList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(resourceListQuery(drawingResource, buildListQuery(drawingResource, { ...deps, filters: { ...deps.filters, kind: 'uwb' } }))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DrawingLibraryScreen uwbOnly search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
