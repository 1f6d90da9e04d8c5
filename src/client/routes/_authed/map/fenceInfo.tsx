import { createFileRoute } from '@tanstack/react-router';
import { searchRules, integer } from '../../../lib/searchParams';
import { FenceInfoScreen } from '../../../features/fences/FenceInfoScreen';
import { fenceEditorQuery } from '../../../features/fences/fences.queries';
import { requireRoute } from '../../../lib/gate';
import { prefetchOnline } from '../../../lib/prefetch';

// Search values arrive as strings (lib/searchParams.ts); a bad id opens an empty editor.
const search = searchRules({ id: integer(1) });

export const Route = createFileRoute('/_authed/map/fenceInfo')({
  validateSearch: search,
  beforeLoad: () => requireRoute('fenceInfo', 'map'),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id === undefined ? undefined : prefetchOnline(context.queryClient, fenceEditorQuery(deps.id)),
  component: Page,
});

function Page() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FenceInfoScreen
      key={id ?? 'new'}
      id={id}
      onDone={() => void navigate({ to: '/$page', params: { page: 'fenceList' } })}
    />
  );
}
