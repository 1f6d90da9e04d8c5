import { createFileRoute } from '@tanstack/react-router';
import { LocationsScreen } from '../../../features/location/LocationsScreen';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/locations')({
  beforeLoad: () => requireRoute('locations', 'map'),
  component: LocationsScreen,
});
