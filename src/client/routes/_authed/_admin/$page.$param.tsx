import { createFileRoute, notFound } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../../features/screens/PlaceholderScreen';
import { requireRoute } from '../../../lib/gate';

// Screens with a path parameter (docs/requirements/screens-and-routes.md#community-and-mall-routes:
// /unitManagement/:imei?); other names have none.
export const Route = createFileRoute('/_authed/_admin/$page/$param')({
  beforeLoad: ({ params }) => {
    const gate = requireRoute(params.page, 'admin');
    if (!gate.specRoute.param) throw notFound();
    return gate;
  },
  component: ParamPage,
});

function ParamPage() {
  const { page } = Route.useParams();
  return <PlaceholderScreen name={page} />;
}
