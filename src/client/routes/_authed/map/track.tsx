import { createFileRoute } from '@tanstack/react-router';
import { TrackScreen } from '../../../features/tracks/TrackScreen';
import { trackRouteLoader, trackSearchSchema } from '../../../features/tracks/trackRoute';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/map/track')({
  validateSearch: trackSearchSchema,
  beforeLoad: () => requireRoute('track', 'map'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => trackRouteLoader(context.queryClient, deps, 'all'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TrackScreen
      source="all"
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
