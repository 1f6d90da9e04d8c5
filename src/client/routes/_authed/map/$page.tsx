import { Box } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../../features/pages/PlaceholderScreen';
import { requireRoute } from '../../../lib/gate';

// Any /map screen without its own route file yet.
export const Route = createFileRoute('/_authed/map/$page')({
  beforeLoad: ({ params }) => requireRoute(params.page, 'map'),
  component: MapPage,
});

function MapPage() {
  const { page } = Route.useParams();
  return (
    <Box p="md">
      <PlaceholderScreen name={page} />
    </Box>
  );
}
