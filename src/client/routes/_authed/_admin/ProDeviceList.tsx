import { createFileRoute } from '@tanstack/react-router';
import { searchRules, text } from '../../../lib/searchParams';
import { DeviceDetailScreen } from '../../../features/devices/DeviceDetailScreen';
import { requireRoute } from '../../../lib/gate';

/** Device profile opened from a map marker: ?imei= and, for the auto-login link, ?key=. */
export const Route = createFileRoute('/_authed/_admin/ProDeviceList')({
  validateSearch: searchRules({ imei: text(), key: text() }),
  beforeLoad: () => requireRoute('ProDeviceList'),
  component: Page,
});

function Page() {
  const { imei } = Route.useSearch();
  const navigate = Route.useNavigate();
  const pick = (next: string) => void navigate({ search: (prev) => ({ ...prev, imei: next }) });
  return <DeviceDetailScreen imei={imei} onPick={pick} />;
}
