import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { z } from 'zod';
import { PublicPlaceholder } from '../features/public/PublicPlaceholder';

const text = z.string().optional();

// Pre-login intercom call page (docs/requirements/screens-and-routes.md#pre-login-routes); `reciever` is spelt so.
export const Route = createFileRoute('/callPhone')({
  validateSearch: z.object({ caller: text, reciever: text }),
  component: CallPhonePage,
});

function CallPhonePage() {
  const { caller, reciever } = Route.useSearch();
  return (
    <PublicPlaceholder
      title={<Trans>门禁通话</Trans>}
      description={
        caller || reciever ? (
          <Trans>
            主叫：{caller ?? '-'}，被叫：{reciever ?? '-'}
          </Trans>
        ) : undefined
      }
    />
  );
}
