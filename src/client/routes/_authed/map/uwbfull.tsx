import { createFileRoute } from '@tanstack/react-router';
import { IndoorScreen } from '../../../features/indoor/IndoorScreen';
import { plansQuery } from '../../../features/indoor/indoor.queries';
import { planSearchSchema } from '../../../features/indoor/search';
import { requireRoute } from '../../../lib/gate';
import { prefetchOnline } from '../../../lib/prefetch';

export const Route = createFileRoute('/_authed/map/uwbfull')({
  validateSearch: planSearchSchema,
  beforeLoad: () => requireRoute('uwbfull', 'map'),
  loader: ({ context }) => prefetchOnline(context.queryClient, plansQuery()),
  component: Page,
});

function Page() {
  const { plan } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <IndoorScreen plan={plan} full onPlanChange={(next) => void navigate({ search: { plan: next }, replace: true })} />
  );
}
