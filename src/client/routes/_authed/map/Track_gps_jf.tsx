import { createFileRoute } from '@tanstack/react-router';
import { TrackScreen } from '../../../features/tracks/TrackScreen';
import { trackRouteLoader, trackSearchSchema } from '../../../features/tracks/trackRoute';
import { requireRoute } from '../../../lib/gate';

/** The JF locator's track: every source (GPS, LBS, Wi-Fi), each point with its accuracy. */
export const Route = createFileRoute('/_authed/map/Track_gps_jf')({
  validateSearch: trackSearchSchema,
  beforeLoad: () => requireRoute('Track_gps_jf', 'map'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => trackRouteLoader(context.queryClient, deps, 'all', true),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TrackScreen
      source="all"
      accuracy
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
