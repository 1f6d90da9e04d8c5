import { createFileRoute } from '@tanstack/react-router';
import { uwbBaseStationResource } from '../../../../shared/resources/indoor';
import { BaseListScreen } from '../../../features/indoor/BaseListScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/baseList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('baseList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(uwbBaseStationResource, buildListQuery(uwbBaseStationResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <BaseListScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
