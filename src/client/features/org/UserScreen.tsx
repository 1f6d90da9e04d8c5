import { useState } from 'react';
import { Modal, MultiSelect, PasswordInput, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import userResource from '../../../entities/user/resource';
import { fieldErrors } from '../../lib/formErrors';
import { useFormErrors } from '../../lib/useFormErrors';
import { ResourceScreen, type RowAction } from '../resources/ResourceScreen';
import { refOptionsQuery, type Row } from '../resources/resources.queries';
import { isSuperAdmin, useOrgAction } from './org.api';
import { resetPasswordSchema } from './schemas';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';
import { confirmDanger } from '../../components/ConfirmDanger';

/** User list: the generic screen plus assign roles, reset password and (super only) highest authorisation. */
export function UserScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [roles, setRoles] = useState<Row | null>(null);
  const [password, setPassword] = useState<Row | null>(null);
  const grant = useOrgAction<{ id: number }>('user/grantSuper', ['user']);
  const cancel = useOrgAction<{ id: number }>('user/cancelSuper', ['user']);
  const superAdmin = isSuperAdmin();

  const actions: RowAction[] = [
    {
      id: 'assignRoles',
      title: t`分配角色`,
      mark: 'user:grantRole',
      run: setRoles,
    },
    {
      id: 'resetPassword',
      title: t`重置密码`,
      mark: 'user:resetPassword',
      color: 'orange',
      run: setPassword,
    },
    ...(superAdmin
      ? [
          {
            id: 'grantSuper',
            title: t`授予最高权限`,
            color: 'grape',
            visible: (row: Row) => row.kind !== 'super',
            run: (row: Row) =>
              void confirmDanger({
                message: t`确定授予该用户最高权限吗？`,
                confirmLabel: t`授予`,
              }).then((ok) => ok && grant.mutate({ id: row.id })),
          },
          {
            id: 'cancelSuper',
            title: t`取消最高权限`,
            color: 'red',
            visible: (row: Row) => row.kind === 'super',
            run: (row: Row) =>
              void confirmDanger({
                message: t`确定取消该用户的最高权限吗？`,
                confirmLabel: t`取消授权`,
              }).then((ok) => ok && cancel.mutate({ id: row.id })),
          },
        ]
      : []),
  ];

  return (
    <>
      <ResourceScreen def={userResource} {...props} rowActions={actions} />
      <AssignRolesModal user={roles} onClose={() => setRoles(null)} />
      <ResetPasswordModal user={password} onClose={() => setPassword(null)} />
    </>
  );
}

function AssignRolesModal({ user, onClose }: { user: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const roles = useQuery({
    ...refOptionsQuery({ kind: 'user', resource: 'role' }),
    enabled: Boolean(user),
  });
  const [value, setValue] = useState<string[]>([]);
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (user && shownFor !== user.id) {
    setShownFor(user.id);
    setValue((Array.isArray(user.roleIds) ? user.roleIds : []).map(String));
  }
  const save = useOrgAction<{ id: number; roleIds: number[] }>('user/assignRoles', ['user', 'role'], onClose);
  return (
    <Modal opened={Boolean(user)} onClose={onClose} title={t`分配角色`} centered>
      <Stack>
        <MultiSelect
          label={t`角色`}
          data={(roles.data ?? []).map((r) => ({
            value: String(r.id),
            label: String(r.name),
          }))}
          value={value}
          onChange={setValue}
          searchable
          data-testid="assign-roles"
        />
        <ModalFooter
          onCancel={onClose}
          loading={save.isPending}
          onClick={() => user && save.mutate({ id: user.id, roleIds: value.map(Number) })}
        >
          <Trans>保存</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

function ResetPasswordModal({ user, onClose }: { user: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const errors = useFormErrors<'password' | 'confirm'>();
  const close = () => {
    setValues({ password: '', confirm: '' });
    errors.reset();
    onClose();
  };
  const save = useOrgAction<{ id: number; password: string }>('user/resetPassword', ['user'], close);
  const submit = () => {
    const invalid = errors.show(fieldErrors<'password' | 'confirm'>(resetPasswordSchema, values));
    if (!invalid && user) save.mutate({ id: user.id, password: values.password });
  };
  return (
    <Modal opened={Boolean(user)} onClose={close} title={t`重置密码`} centered>
      <Stack>
        <PasswordInput
          label={t`新密码`}
          withAsterisk
          autoComplete="new-password"
          value={values.password}
          error={errors.text('password')}
          onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        />
        <PasswordInput
          label={t`确认密码`}
          withAsterisk
          autoComplete="new-password"
          value={values.confirm}
          error={errors.errors.confirm === 'mismatch' ? t`两次输入的密码不一致` : errors.text('confirm')}
          onChange={(e) => setValues({ ...values, confirm: e.currentTarget.value })}
        />
        <ModalFooter onCancel={close} loading={save.isPending} onClick={submit}>
          <Trans>确定</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
