import { useState, type FormEvent } from 'react';
import { Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePasswordBody } from '../../../shared/auth';
import { fieldErrors, type FieldErrors } from '../../lib/formErrors';
import { useFormErrors } from '../../lib/useFormErrors';
import { changePassword } from '../auth/auth.api';
import { ModalFooter } from '../../components/ModalFooter';

type Field = 'oldPassword' | 'newPassword' | 'confirm';
const EMPTY: Record<Field, string> = { oldPassword: '', newPassword: '', confirm: '' };

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
  /** Called after the service accepted the change; every session is revoked by then. */
  onChanged: () => Promise<void> | void;
}

export function ChangePasswordModal({ opened, onClose, onChanged }: ChangePasswordModalProps) {
  const { t } = useLingui();
  const [values, setValues] = useState(EMPTY);
  const errors = useFormErrors<Field>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    setValues(EMPTY);
    errors.reset();
    onClose();
  };

  const change = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    errors.clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = fieldErrors<Field>(changePasswordBody, values);
    if (!values.confirm) found.confirm = t`请再次输入新密码`;
    else if (!found.newPassword && values.confirm !== values.newPassword) found.confirm = t`两次输入的新密码不一致`;
    if (errors.show(found)) return;
    setBusy(true);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      setValues(EMPTY);
      await onChanged();
    } catch {
      // The request helper has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t`修改密码`} centered>
      <form onSubmit={submit} noValidate data-testid="change-password">
        <Stack gap="sm">
          <PasswordInput
            label={t`原密码`}
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={(e) => change('oldPassword', e.currentTarget.value)}
            error={errors.text('oldPassword')}
            withAsterisk
            data-autofocus
          />
          <PasswordInput
            label={t`新密码`}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(e) => change('newPassword', e.currentTarget.value)}
            error={errors.text('newPassword')}
            withAsterisk
          />
          <PasswordInput
            label={t`确认新密码`}
            autoComplete="new-password"
            value={values.confirm}
            onChange={(e) => change('confirm', e.currentTarget.value)}
            error={errors.text('confirm')}
            withAsterisk
          />
          <Text size="xs" c="dimmed">
            <Trans>修改成功后所有设备上的登录都会失效，需要重新登录。</Trans>
          </Text>
          <ModalFooter onCancel={close} mt="sm" type="submit" loading={busy}>
            <Trans>确定</Trans>
          </ModalFooter>
        </Stack>
      </form>
    </Modal>
  );
}
