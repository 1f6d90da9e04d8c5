import { createFileRoute } from '@tanstack/react-router';
import { BaseStationEditScreen } from '../../../features/indoor/BaseStationEditScreen';
import { plansQuery } from '../../../features/indoor/indoor.queries';
import { planSearchSchema } from '../../../features/indoor/search';
import { requireRoute } from '../../../lib/gate';
import { prefetchOnline } from '../../../lib/prefetch';

export const Route = createFileRoute('/_authed/_admin/baseStationEdit')({
  validateSearch: planSearchSchema,
  beforeLoad: () => requireRoute('baseStationEdit'),
  loader: ({ context }) => prefetchOnline(context.queryClient, plansQuery()),
  component: Page,
});

function Page() {
  const { plan } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BaseStationEditScreen
      plan={plan}
      onPlanChange={(next) => void navigate({ search: { plan: next }, replace: true })}
    />
  );
}
