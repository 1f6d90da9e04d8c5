import { createFileRoute } from '@tanstack/react-router';
import { FenceMapScreen } from '../../../features/fences/FenceMapScreen';
import { activeFencesQuery } from '../../../features/fences/fences.queries';
import { requireRoute } from '../../../lib/gate';
import { prefetchOnline } from '../../../lib/prefetch';

export const Route = createFileRoute('/_authed/map/fenceMap')({
  beforeLoad: () => requireRoute('fenceMap', 'map'),
  loader: ({ context }) => prefetchOnline(context.queryClient, activeFencesQuery()),
  component: FenceMapScreen,
});
