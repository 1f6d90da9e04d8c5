import { createFileRoute } from '@tanstack/react-router';
import { productResource } from '../../../../shared/resources/device';
import { imageCells } from '../../../features/devices/cells';
import { ResourceScreen } from '../../../features/resources/ResourceScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/productList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('productList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(productResource, buildListQuery(productResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ResourceScreen def={productResource} search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} cells={imageCells} />;
}
