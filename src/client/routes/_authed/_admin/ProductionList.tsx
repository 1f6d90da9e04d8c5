import { createFileRoute } from '@tanstack/react-router';
import { productionRecordResource } from '../../../../shared/resources/device';
import { ResourceScreen } from '../../../features/resources/ResourceScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/ProductionList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('ProductionList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(productionRecordResource, buildListQuery(productionRecordResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ResourceScreen def={productionRecordResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
