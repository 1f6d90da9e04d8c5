import { createFileRoute } from '@tanstack/react-router';
import { tenantResource } from '../../../../shared/resources/org';
import { TenantScreen } from '../../../features/org/TenantScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/tenantList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('tenantList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(tenantResource, buildListQuery(tenantResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TenantScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
