import { createFileRoute } from '@tanstack/react-router';
import { deviceResource } from '../../../../shared/resources/device';
import { DeviceScreen } from '../../../features/devices/DeviceScreen';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/DeviceList')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('DeviceList'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(resourceListQuery(deviceResource, buildListQuery(deviceResource, deps))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DeviceScreen
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      onOpenDetail={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })}
    />
  );
}
