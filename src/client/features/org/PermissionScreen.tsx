import { useState } from 'react';
import { Grid, Loader, Paper, ScrollArea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import resourceResource from '../../../entities/resource/resource';
import { TreeList, type TreeNode } from '../../components/TreeList';
import { useLang } from '../../i18n/useLang';
import { ResourceForm } from '../resources/ResourceForm';
import { ResourceScreen } from '../resources/ResourceScreen';
import { resourceGetQuery, resourceTreeQuery, type Row } from '../resources/resources.queries';
import { toTreeNodes } from './catalogTree';
import { isSuperAdmin, useOrgAction } from './org.api';
import type { RouteScreenProps } from '../screens/types';
import { confirmDanger } from '../../components/ConfirmDanger';

type FormState = { row: Row | null; initial?: Record<string, unknown> } | null;

/** Permission manager: the catalogue tree (per-node add child, edit, delete) next to the flat resource list. */
export function PermissionScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const lang = useLang();
  const queryClient = useQueryClient();
  const tree = useQuery(resourceTreeQuery());
  const [form, setForm] = useState<FormState>(null);
  const remove = useOrgAction<{ ids: number[] }>('resource/delete', ['resource']);
  const canChange = isSuperAdmin();

  const actions = (node: TreeNode) => [
    {
      label: t`新增子节点`,
      onClick: () => setForm({ row: null, initial: { pid: node.id, type: 1, status: 1 } }),
    },
    {
      label: t`修改`,
      onClick: () =>
        void queryClient.fetchQuery(resourceGetQuery(resourceResource, node.id)).then((row) => setForm({ row })),
    },
    {
      label: t`删除`,
      color: 'red',
      onClick: () =>
        void confirmDanger({
          message: t`确定要删除“${node.label}”吗？`,
          confirmLabel: t`删除`,
        }).then((ok) => ok && remove.mutate({ ids: [node.id] })),
    },
  ];

  return (
    <>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            <Title order={5} mb="sm">
              <Trans>资源树</Trans>
            </Title>
            {tree.isPending ? (
              <Loader size="sm" />
            ) : (
              <ScrollArea.Autosize mah="75vh" data-testid="permission-tree">
                <TreeList nodes={toTreeNodes(tree.data ?? [], lang)} actions={canChange ? actions : undefined} />
              </ScrollArea.Autosize>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ResourceScreen def={resourceResource} {...props} canChange={canChange} />
        </Grid.Col>
      </Grid>
      <ResourceForm
        def={resourceResource}
        row={form?.row}
        initial={form?.initial}
        opened={form !== null}
        onClose={() => setForm(null)}
      />
    </>
  );
}
