import { createFileRoute } from '@tanstack/react-router';
import { ConferencePanel } from '../features/conference/ConferencePanel';

// Pre-login route of docs/requirements/screens-and-routes.md#pre-login-routes: the video conference
// (docs/requirements/realtime-video.md); its footer needs a session. The router splits it into its own chunk.
export const Route = createFileRoute('/roOm')({
  component: ConferencePanel,
});
