import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginBody } from '../../../shared/auth';
import { errorText, fieldErrors, type FieldErrors } from '../../lib/formErrors';
import { loginWithPassword, type LoginResult } from './auth.api';

type Field = 'username' | 'password';

export interface LoginFormProps {
  onLoggedIn: (result: LoginResult) => Promise<void>;
}

/** Account and password login (spec core 5: neither may be empty). */
export function AccountLoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useLingui();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors<Field>(loginBody, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onLoggedIn(await loginWithPassword(values.username.trim(), values.password));
    } catch {
      // The request helper has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="account-login">
      <Stack gap="md">
        <TextInput
          label={t`账号`}
          placeholder={t`请输入账号`}
          autoComplete="username"
          leftSection={<IconUser size={16} />}
          value={values.username}
          onChange={(e) => change('username', e.currentTarget.value)}
          error={errorText(errors.username)}
          withAsterisk
        />
        <PasswordInput
          label={t`密码`}
          placeholder={t`请输入密码`}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          value={values.password}
          onChange={(e) => change('password', e.currentTarget.value)}
          error={errorText(errors.password)}
          withAsterisk
        />
        <Button type="submit" fullWidth size="md" loading={busy}>
          <Trans>登录</Trans>
        </Button>
      </Stack>
    </form>
  );
}
