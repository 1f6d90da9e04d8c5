import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { UwbServerScreen } from '../../../features/indoor/UwbServerScreen';
import { requireRoute } from '../../../lib/gate';

// The map-layout twin of /uwbServer (docs/requirements/screens-and-routes.md#map-layout-children: both names exist).
export const Route = createFileRoute('/_authed/map/uwbserver')({
  beforeLoad: () => requireRoute('uwbserver', 'map'),
  component: Page,
});

function Page() {
  return (
    <Box p="sm">
      <UwbServerScreen />
    </Box>
  );
}
