import { createFileRoute } from '@tanstack/react-router';
import { MapLayout } from '../../features/shell/MapLayout';

export const Route = createFileRoute('/_authed/map')({
  component: MapLayout,
});
