import { createFileRoute } from '@tanstack/react-router';
import { departmentResource } from '../../../../shared/resources/org';
import { DepartmentScreen } from '../../../features/org/DepartmentScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/departmentManagement')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('departmentManagement'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(resourceListQuery(departmentResource, buildListQuery(departmentResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DepartmentScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
