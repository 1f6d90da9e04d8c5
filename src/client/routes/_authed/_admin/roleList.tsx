import { createFileRoute } from '@tanstack/react-router';
import { roleResource } from '../../../../shared/resources/org';
import { RoleScreen } from '../../../features/org/RoleScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/roleList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('roleList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(roleResource, buildListQuery(roleResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RoleScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
