import { Alert, Box, Flex, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import communityDef from '../../../entities/community/resource';
import roomDef from '../../../entities/room/resource';
import { TreeList, type TreeNodeAction } from '../../components/TreeList';
import { ResourceScreen } from '../resources/ResourceScreen';
import { resourceListQuery } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { communityTreeQuery, treeNodeOf, treeNodes } from './community.api';

/** The communities a picker offers (a tenant has a handful; the first 200 by name). */
export const communityOptionsQuery = resourceListQuery(communityDef, {
  page: 1,
  size: 200,
  sort: [{ field: 'name', order: 'asc' }],
});

/**
 * /roomManagement: the tree of one community (community > building > unit > room, the tree widget
 * of docs/requirements/widgets.md#tree-list) beside the room list; a node's "查看房间" narrows the list
 * to that building or unit.
 */
export function RoomScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const { search, onSearchChange } = props;
  const communities = useQuery(communityOptionsQuery);
  const options = (communities.data?.rows ?? []).map((c) => ({ value: String(c.id), label: String(c.name) }));
  const chosen = Number(search.filters?.communityId) || Number(options[0]?.value) || 0;
  const tree = useQuery({ ...communityTreeQuery(chosen), enabled: chosen > 0 });
  const show = (filters: Record<string, unknown>) => onSearchChange({ ...search, page: 1, filters });
  const actions = (nodeId: number): TreeNodeAction[] => {
    const node = treeNodeOf(nodeId);
    if (node.kind === 'room') return [];
    const filters =
      node.kind === 'community'
        ? { communityId: node.id }
        : node.kind === 'building'
          ? { communityId: chosen, buildingId: node.id }
          : { communityId: chosen, unitId: node.id };
    return [{ label: t`查看房间`, onClick: () => show(filters) }];
  };
  return (
    <Flex gap="md" direction={{ base: 'column', md: 'row' }} align="flex-start">
      <Box w={{ base: '100%', md: 320 }} style={{ flexShrink: 0 }}>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Select
              label={t`社区`}
              data={options}
              value={chosen ? String(chosen) : null}
              onChange={(v) => v && show({ communityId: Number(v) })}
              allowDeselect={false}
              searchable
              data-testid="room-community"
            />
            {tree.data && (
              <div data-testid="community-tree">
                <TreeList nodes={treeNodes(tree.data)} actions={(node) => actions(node.id)} />
              </div>
            )}
            {tree.data?.truncated && (
              <Alert color="yellow">
                <Trans>房间太多，结构树只显示一部分；请在右侧列表中筛选。</Trans>
              </Alert>
            )}
            {!options.length && !communities.isPending && (
              <Text size="sm" c="dimmed">
                <Trans>还没有社区</Trans>
              </Text>
            )}
          </Stack>
        </Paper>
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        <ResourceScreen def={roomDef} {...props} />
      </Box>
    </Flex>
  );
}
