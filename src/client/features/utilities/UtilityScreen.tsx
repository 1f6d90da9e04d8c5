import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import utilityDef, { UTILITY_KIND, UTILITY_STATE } from '../../../entities/utility-account/resource';
import { getUser, hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { AccountDrawer, StateBadge } from './UtilityAccountDrawer';
import { OpenAllModal, ReadingModal, TopupModal, type Kind } from './UtilityModals';

// The account drawer is UtilityAccountDrawer.tsx; top-up, reading and open-all are UtilityModals.tsx.
export { topupAmountError } from './UtilityModals';

/**
 * /elecCard and /waterCard: the rooms' prepaid accounts of one kind (filters, sort by balance,
 * export from the generic list), the account drawer with its daily consumption chart and ledger,
 * top-up through the payment interface (the pay page opens; the balance is credited when it is
 * paid), manual readings, and opening accounts for every room of a community at once.
 */
export function UtilityScreen({ kind, search, onSearchChange }: RouteScreenProps & { kind: Kind }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<Row | null>(null);
  const [topup, setTopup] = useState<Row | null>(null);
  const [reading, setReading] = useState<Row | null>(null);
  const [opening, setOpening] = useState(false);
  const canOpen = hasMark('utilityAccount:add') && getUser()?.kind !== 'visitor';
  const fixed = { ...search, filters: { ...search.filters, kind } };
  const elec = kind === UTILITY_KIND.electricity;

  return (
    <>
      <ResourceScreen
        def={utilityDef}
        search={fixed}
        onSearchChange={(next) => onSearchChange({ ...next, filters: { ...next.filters, kind } })}
        title={elec ? <Trans>电卡（预付费电费）</Trans> : <Trans>水卡（预付费水费）</Trans>}
        cells={{
          balance: (row) => (
            <Text
              size="sm"
              c={Number(row.state) === UTILITY_STATE.normal ? undefined : 'red'}
              fw={500}
              data-testid={`utility-balance-${row.id}`}
            >
              {Number(row.balance ?? 0).toFixed(2)}
            </Text>
          ),
          state: (row) => <StateBadge state={row.state} />,
        }}
        rowActions={[
          { id: 'account', title: t`账户详情`, run: (row) => setViewing(row) },
          { id: 'topup', title: t`充值`, color: 'teal', mark: 'utilityAccount:topup', run: (row) => setTopup(row) },
          { id: 'reading', title: t`抄表`, mark: 'utilityAccount:reading', run: (row) => setReading(row) },
        ]}
        toolbar={() =>
          canOpen ? (
            <Button variant="light" onClick={() => setOpening(true)} data-testid="utility-open-all">
              <Trans>批量开户</Trans>
            </Button>
          ) : null
        }
      />
      <AccountDrawer row={viewing} onClose={() => setViewing(null)} onTopup={(row) => setTopup(row)} />
      <TopupModal row={topup} onClose={() => setTopup(null)} />
      <ReadingModal
        row={reading}
        onClose={() => setReading(null)}
        onDone={() => {
          void invalidateResource(queryClient, utilityDef.name);
          void queryClient.invalidateQueries({ queryKey: ['utilityAccount'] });
        }}
      />
      <OpenAllModal
        kind={kind}
        opened={opening}
        onClose={() => setOpening(false)}
        onDone={() => void invalidateResource(queryClient, utilityDef.name)}
      />
    </>
  );
}
