import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LocationScreen } from '../../../features/location/LocationScreen';
import { requireRoute } from '../../../lib/gate';

const search = z.object({ imei: z.string().trim().max(20).optional().catch(undefined) });

export const Route = createFileRoute('/_authed/map/location')({
  validateSearch: search,
  beforeLoad: () => requireRoute('location', 'map'),
  component: Page,
});

function Page() {
  const { imei } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LocationScreen imei={imei} onImeiChange={(next) => void navigate({ search: { imei: next }, replace: true })} />;
}
