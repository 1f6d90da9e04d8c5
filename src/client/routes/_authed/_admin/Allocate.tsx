import { createFileRoute } from '@tanstack/react-router';
import { deviceResource } from '../../../../shared/resources/device';
import { AllocateScreen } from '../../../features/devices/AllocateScreen';
import { DEVICE_PRESETS, presetSearch } from '../../../features/devices/presets';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/Allocate')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('Allocate'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(resourceListQuery(deviceResource, buildListQuery(deviceResource, presetSearch(DEVICE_PRESETS.allocate, deps)))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AllocateScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
