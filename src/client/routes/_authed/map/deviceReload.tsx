import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { DeviceReloadScreen } from '../../../features/devices/DeviceReloadScreen';
import { resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/deviceReload')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('deviceReload', 'map'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Box p="md">
      <DeviceReloadScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </Box>
  );
}
