import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import communityDef from '../../../entities/community/resource';
import { hasMark, useSession } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { generateRooms } from './community.api';
import { CommunityForm } from './CommunityForm';
import { RenameModal } from './RenameModal';

/**
 * /communityManagement: the generic list of communities plus the community form (region
 * dropdowns, sizes, naming rule; adding can generate the rooms at once), generating the rooms of
 * a row as a job, and changing the naming rule with a preview of the renames.
 */
export function CommunityScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [renaming, setRenaming] = useState<Row | null>(null);
  const canAdd = hasMark('community:add');
  const mark = 'community:update';
  return (
    <>
      <ResourceScreen
        def={communityDef}
        {...props}
        toolbar={() =>
          canAdd && (
            <Button
              leftSection={<IconBuildingCommunity size={16} />}
              variant="light"
              onClick={() => setEditing(null)}
              data-testid="community-new"
            >
              <Trans>新建社区（生成房间）</Trans>
            </Button>
          )
        }
        rowActions={[
          { id: 'communityEdit', title: t`编辑社区`, mark, run: setEditing },
          {
            id: 'generate',
            title: t`生成房间`,
            mark,
            run: (row) => void generateRooms(queryClient, row.id, String(row.name)).catch(() => undefined),
          },
          { id: 'rename', title: t`命名规则`, mark, run: setRenaming },
          {
            id: 'tree',
            title: t`房间结构`,
            run: (row) =>
              void navigate({
                to: '/$page',
                params: { page: 'roomManagement' },
                search: { filters: { communityId: row.id } },
              }),
          },
        ]}
      />
      <CommunityForm row={editing} opened={editing !== undefined} onClose={() => setEditing(undefined)} />
      <RenameModal community={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
