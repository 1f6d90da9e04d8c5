import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { searchRules, text } from '../../../lib/searchParams';
import { DeviceDetailScreen } from '../../../features/devices/DeviceDetailScreen';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/DeviceDtail')({
  validateSearch: searchRules({ imei: text() }),
  beforeLoad: () => requireRoute('DeviceDtail', 'map'),
  component: Page,
});

function Page() {
  const { imei } = Route.useSearch();
  const navigate = Route.useNavigate();
  const pick = (next: string) => void navigate({ search: (prev) => ({ ...prev, imei: next }) });
  return (
    <Box p="md">
      <DeviceDetailScreen imei={imei} onPick={pick} />
    </Box>
  );
}
