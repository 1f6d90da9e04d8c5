import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginBody } from '../../../shared/auth';
import { loginWithPassword, type LoginResult } from './auth.api';
import { useLoginForm } from './useLoginForm';

type Field = 'username' | 'password';

export interface LoginFormProps {
  onLoggedIn: (result: LoginResult) => Promise<void>;
}

/** Account and password login (docs/requirements/validation.md#login: neither may be empty). */
export function AccountLoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useLingui();
  const { values, errors, busy, change, submit } = useLoginForm<Field>(
    { username: '', password: '' },
    loginBody,
    (v) => loginWithPassword(v.username.trim(), v.password),
    onLoggedIn,
  );

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
          error={errors.text('username')}
          withAsterisk
        />
        <PasswordInput
          label={t`密码`}
          placeholder={t`请输入密码`}
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          value={values.password}
          onChange={(e) => change('password', e.currentTarget.value)}
          error={errors.text('password')}
          withAsterisk
        />
        <Button type="submit" fullWidth size="md" loading={busy}>
          <Trans>登录</Trans>
        </Button>
      </Stack>
    </form>
  );
}
