import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { PublicPlaceholder } from '../features/public/PublicPlaceholder';

// Pre-login route of docs/requirements/screens-and-routes.md#pre-login-routes; the real page comes with the realtime
// features.
export const Route = createFileRoute('/multiVoice')({
  component: () => <PublicPlaceholder title={<Trans>多人语音</Trans>} />,
});
