import { useState } from 'react';
import { Group, Loader, Modal, ScrollArea, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import roleResource from '../../../entities/role/resource';
import { TreeList } from '../../components/TreeList';
import { useLang } from '../../i18n/useLang';
import { request } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { resourceTreeQuery, type Row } from '../resources/resources.queries';
import { toTreeNodes, withAncestors } from './catalogTree';
import { useOrgAction } from './org.api';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';

/** Role list: the generic screen plus assigning catalogue resources (menus and buttons) to a role. */
export function RoleScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [target, setTarget] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={roleResource}
        {...props}
        rowActions={[
          {
            id: 'assignResources',
            title: t`分配资源`,
            mark: 'role:grant',
            run: setTarget,
          },
        ]}
      />
      {target && <AssignResourcesModal key={target.id} role={target} onClose={() => setTarget(null)} />}
    </>
  );
}

function AssignResourcesModal({ role, onClose }: { role: Row; onClose: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const tree = useQuery(resourceTreeQuery());
  const granted = useQuery({
    queryKey: ['role', 'resourceIds', role.id],
    queryFn: () => request<number[]>('user', 'role/resourceIds', { id: role.id }),
  });
  const [checked, setChecked] = useState<number[] | null>(null);
  const save = useOrgAction<{ id: number; resourceIds: number[] }>('role/grant', ['role', 'nav'], onClose);
  const current = checked ?? granted.data ?? [];
  const loading = tree.isPending || granted.isPending;

  return (
    <Modal opened onClose={onClose} title={t`分配资源`} size="lg" centered>
      <Stack>
        {loading ? (
          <Group justify="center">
            <Loader size="sm" />
          </Group>
        ) : (
          <ScrollArea.Autosize mah="60vh" data-testid="grant-tree">
            <TreeList
              nodes={toTreeNodes(tree.data ?? [], lang)}
              selectable
              checked={current}
              onCheckedChange={(ids) => setChecked(withAncestors(tree.data ?? [], ids))}
              defaultExpanded="all"
            />
          </ScrollArea.Autosize>
        )}
        <ModalFooter
          onCancel={onClose}
          loading={save.isPending}
          disabled={loading}
          onClick={() => save.mutate({ id: role.id, resourceIds: current })}
          data-testid="grant-save"
        >
          <Trans>保存</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
