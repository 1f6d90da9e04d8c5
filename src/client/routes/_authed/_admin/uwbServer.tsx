import { createFileRoute } from '@tanstack/react-router';
import { UwbServerScreen } from '../../../features/indoor/UwbServerScreen';
import { requireRoute } from '../../../lib/gate';

export const Route = createFileRoute('/_authed/_admin/uwbServer')({
  beforeLoad: () => requireRoute('uwbServer'),
  component: UwbServerScreen,
});
