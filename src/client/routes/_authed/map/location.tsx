import { createFileRoute } from '@tanstack/react-router';
import { searchRules, text } from '../../../lib/searchParams';
import { LocationScreen } from '../../../features/location/LocationScreen';
import { requireRoute } from '../../../lib/gate';

const search = searchRules({ imei: text({ trim: true, max: 20 }) });

export const Route = createFileRoute('/_authed/map/location')({
  validateSearch: search,
  beforeLoad: () => requireRoute('location', 'map'),
  component: Page,
});

function Page() {
  const { imei } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LocationScreen imei={imei} onImeiChange={(next) => void navigate({ search: { imei: next }, replace: true })} />
  );
}
