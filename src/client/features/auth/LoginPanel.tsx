import { useState } from 'react';
import { Button, Divider, Tabs } from '@mantine/core';
import { IconDeviceMobile, IconUser, IconUserQuestion } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { loginAsVisitor } from './auth.api';
import { AccountLoginForm, type LoginFormProps } from './AccountLoginForm';
import { PhoneLoginForm } from './PhoneLoginForm';

/**
 * The three login modes of docs/requirements/screens-and-routes.md#login-screen: account, phone with SMS code,
 * visitor.
 */
export function LoginPanel({ onLoggedIn }: LoginFormProps) {
  const { t } = useLingui();
  const [visiting, setVisiting] = useState(false);

  const visit = async () => {
    setVisiting(true);
    try {
      await onLoggedIn(await loginAsVisitor());
    } catch {
      // The request helper has shown why.
    } finally {
      setVisiting(false);
    }
  };

  return (
    <>
      <Tabs defaultValue="account" keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="account" leftSection={<IconUser size={16} />}>
            <Trans>账号登录</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="phone" leftSection={<IconDeviceMobile size={16} />}>
            <Trans>手机登录</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">
          <AccountLoginForm onLoggedIn={onLoggedIn} />
        </Tabs.Panel>
        <Tabs.Panel value="phone">
          <PhoneLoginForm onLoggedIn={onLoggedIn} />
        </Tabs.Panel>
      </Tabs>
      <Divider label={t`或`} labelPosition="center" my="lg" />
      <Button
        variant="default"
        fullWidth
        leftSection={<IconUserQuestion size={18} />}
        loading={visiting}
        onClick={() => void visit()}
        data-testid="visitor-login"
      >
        <Trans>访客登录</Trans>
      </Button>
    </>
  );
}
