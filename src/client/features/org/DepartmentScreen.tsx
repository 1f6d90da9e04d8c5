import { useState } from 'react';
import { Modal, MultiSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import departmentResource from '../../../entities/department/resource';
import { hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { refOptionsQuery, type Row } from '../resources/resources.queries';
import { useOrgAction } from './org.api';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';

/** Department management: the generic screen plus assigning several users to a department at once. */
export function DepartmentScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [target, setTarget] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={departmentResource}
        {...props}
        rowActions={hasMark('department:update') ? [{ id: 'assignUsers', title: t`分配用户`, run: setTarget }] : []}
      />
      <AssignUsersModal department={target} onClose={() => setTarget(null)} />
    </>
  );
}

function AssignUsersModal({ department, onClose }: { department: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const users = useQuery({
    ...refOptionsQuery({ kind: 'user', resource: 'user' }),
    enabled: Boolean(department),
  });
  const [value, setValue] = useState<string[] | null>(null);
  const save = useOrgAction<{ id: number; userIds: number[] }>('department/assignUsers', ['department', 'user'], () => {
    setValue(null);
    onClose();
  });
  const members = (users.data ?? [])
    .filter((u) => department && u.departmentId === department.id)
    .map((u) => String(u.id));
  const current = value ?? members;
  const close = () => {
    setValue(null);
    onClose();
  };
  return (
    <Modal opened={Boolean(department)} onClose={close} title={t`分配用户`} centered>
      <Stack>
        <MultiSelect
          label={t`用户`}
          data={(users.data ?? []).map((u) => ({
            value: String(u.id),
            label: `${String(u.name ?? '')} (${String(u.username ?? u.id)})`,
          }))}
          value={current}
          onChange={setValue}
          searchable
          clearable
          data-testid="assign-users"
        />
        <ModalFooter
          onCancel={close}
          loading={save.isPending}
          onClick={() => department && save.mutate({ id: department.id, userIds: current.map(Number) })}
        >
          <Trans>保存</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
