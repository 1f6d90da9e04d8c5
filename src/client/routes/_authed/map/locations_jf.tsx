import { createFileRoute } from '@tanstack/react-router';
import { LocationsScreen } from '../../../features/location/LocationsScreen';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/locations_jf')({
  beforeLoad: () => requireRoute('locations_jf', 'map'),
  component: Page,
});

function Page() {
  return <LocationsScreen jf />;
}
