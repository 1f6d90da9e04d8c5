import { createFileRoute } from '@tanstack/react-router';
import { userResource } from '../../../../shared/resources/org';
import { UserScreen } from '../../../features/org/UserScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/userList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('userList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(userResource, buildListQuery(userResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UserScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
