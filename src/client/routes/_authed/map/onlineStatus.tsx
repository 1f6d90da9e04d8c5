import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { OnlineStatusScreen } from '../../../features/devices/OnlineStatusScreen';
import { resourceSearchSchema } from '../../../features/resources/search';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/onlineStatus')({
  validateSearch: resourceSearchSchema,
  beforeLoad: () => requireRoute('onlineStatus', 'map'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Box p="md">
      <OnlineStatusScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </Box>
  );
}
