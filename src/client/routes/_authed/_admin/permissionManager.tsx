import { createFileRoute } from '@tanstack/react-router';
import { resourceResource } from '../../../../shared/resources/org';
import { PermissionScreen } from '../../../features/org/PermissionScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/permissionManager')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('permissionManager'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(resourceListQuery(resourceResource, buildListQuery(resourceResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PermissionScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
