import { createFileRoute } from '@tanstack/react-router';
import { LocationsScreen } from '../../../features/location/LocationsScreen';

// The map layout's home: the tenant's devices on the map, live (every signed-in user may open it).
export const Route = createFileRoute('/_authed/map/')({
  component: LocationsScreen,
});
