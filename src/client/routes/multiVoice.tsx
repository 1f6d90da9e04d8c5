import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { searchRules, text } from '../lib/searchParams';
import { imeiList } from '../../shared/conference';
import { ConferencePanel } from '../features/conference/ConferencePanel';

// Pre-login route of docs/requirements/screens-and-routes.md#pre-login-routes: the conference to
// talk only (no camera is opened). `roomId` joins that room at once; `imeis` (comma-separated)
// invites those devices, without video, once in it.
export const Route = createFileRoute('/multiVoice')({
  validateSearch: searchRules({ roomId: text({ pattern: /^\d{1,8}$/ }), imeis: text({ max: 1000 }) }),
  component: MultiVoicePage,
});

function MultiVoicePage() {
  const { roomId, imeis } = Route.useSearch();
  return <ConferencePanel title={<Trans>多人语音</Trans>} autoJoin={roomId} invite={imeiList(imeis)} audioOnly />;
}
