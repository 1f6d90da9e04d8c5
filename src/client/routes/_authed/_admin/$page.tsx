import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../features/home/HomeScreen';
import { PlaceholderScreen } from '../../../features/pages/PlaceholderScreen';
import { requireRoute } from '../../../lib/gate';

// Any admin screen without its own route file yet; concrete files (e.g. DeviceList.tsx) win over it.
export const Route = createFileRoute('/_authed/_admin/$page')({
  beforeLoad: ({ params }) => requireRoute(params.page, 'admin'),
  component: AdminPage,
});

function AdminPage() {
  const { page } = Route.useParams();
  return page === 'index' ? <HomeScreen /> : <PlaceholderScreen name={page} />;
}
