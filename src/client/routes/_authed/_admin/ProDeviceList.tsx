import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DeviceDetailScreen } from '../../../features/devices/DeviceDetailScreen';
import { requireRoute } from '../../../lib/gate';

const text = z.string().optional();

/** Device profile opened from a map marker: ?imei= and, for the auto-login link, ?key=. */
export const Route = createFileRoute('/_authed/_admin/ProDeviceList')({
  validateSearch: z.object({ imei: text, key: text }),
  beforeLoad: () => requireRoute('ProDeviceList'),
  component: Page,
});

function Page() {
  const { imei } = Route.useSearch();
  const navigate = Route.useNavigate();
  const pick = (next: string) => void navigate({ search: (prev) => ({ ...prev, imei: next }) });
  return <DeviceDetailScreen imei={imei} onPick={pick} />;
}
