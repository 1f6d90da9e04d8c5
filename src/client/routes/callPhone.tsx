import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { searchRules, text } from '../lib/searchParams';
import { callRoomOf, imeiList } from '../../shared/conference';
import { ConferencePanel } from '../features/conference/ConferencePanel';

const name = text({ max: 64 });

// Pre-login intercom call page (docs/requirements/screens-and-routes.md#pre-login-routes); `reciever` is spelt so.
// The caller joins a room of the receiver's own and, when the receiver is a device, invites it
// (order/manyVideoCallToJuphoon): its camera and microphone come into the call.
export const Route = createFileRoute('/callPhone')({
  validateSearch: searchRules({ caller: name, reciever: name }),
  component: CallPhonePage,
});

function CallPhonePage() {
  const { caller, reciever } = Route.useSearch();
  const device = imeiList(reciever);
  return (
    <ConferencePanel
      title={<Trans>门禁通话</Trans>}
      subtitle={
        caller || reciever ? (
          <Trans>
            主叫：{caller ?? '-'}，被叫：{reciever ?? '-'}
          </Trans>
        ) : undefined
      }
      autoJoin={reciever ? callRoomOf(reciever) : undefined}
      invite={device}
    />
  );
}
