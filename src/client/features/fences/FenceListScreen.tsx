import { Button, Switch } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FENCE_STATUS } from '../../../shared/geo/fence';
import fenceResource from '../../../entities/fence/resource';
import { hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import { useFenceStatus } from './useFenceStatus';

export interface FenceListScreenProps {
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
  /** Opens /fenceInfo: without an id to add, with one to edit. */
  onOpen: (id?: number) => void;
}

/**
 * /fenceList on the generic engine (filters, delete with confirmation, export); adding and
 * editing need the map, so they open /fenceInfo instead of the generic drawer.
 */
export function FenceListScreen({ search, onSearchChange, onOpen }: FenceListScreenProps) {
  const { t } = useLingui();
  const status = useFenceStatus();
  const canUpdate = hasMark('fence:update');

  const statusCell = (row: Row) => (
    <Switch
      size="sm"
      checked={row.status === FENCE_STATUS.enabled}
      disabled={!canUpdate || (status.isPending && status.variables?.id === row.id)}
      onChange={(e) => status.mutate({ id: row.id, enabled: e.currentTarget.checked })}
      aria-label={t`启用`}
      data-testid="fence-status"
    />
  );

  return (
    <ResourceScreen
      def={fenceResource}
      search={search}
      onSearchChange={onSearchChange}
      cells={{ status: statusCell }}
      rowActions={[{ id: 'fenceEdit', title: t`修改`, mark: 'fence:update', run: (row) => onOpen(row.id) }]}
      toolbar={() =>
        hasMark('fence:add') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => onOpen()} data-testid="fence-add">
            <Trans>新增</Trans>
          </Button>
        )
      }
    />
  );
}
