import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { deviceResource } from '../../../../shared/resources/device';
import { DeviceTable } from '../../../features/devices/DeviceTable';
import { DEVICE_PRESETS, presetSearch } from '../../../features/devices/presets';
import { resourceListQuery } from '../../../features/resources/resources.queries';
import { buildListQuery, resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/netSingle')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('netSingle', 'map'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(resourceListQuery(deviceResource, buildListQuery(deviceResource, presetSearch(DEVICE_PRESETS.signal, deps)))),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Box p="md">
      <DeviceTable preset="signal" search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </Box>
  );
}
