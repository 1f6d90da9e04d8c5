import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import { OfflineBadge } from '../../pwa/OfflineBadge';
import { ThemeMenu } from '../../components/ThemeMenu';
import { LoginPanel } from './LoginPanel';
import { useCompleteLogin } from './useCompleteLogin';
import classes from './LoginScreen.module.css';

export function LoginScreen() {
  const completeLogin = useCompleteLogin();
  return (
    <div className={classes.page}>
      <Group justify="flex-end" gap="xs" p="md">
        <OfflineBadge />
        <ThemeMenu />
        <LanguagePicker />
      </Group>
      <main className={classes.main}>
        <Paper className={classes.card} withBorder shadow="xl" radius="lg" p="xl">
          <Stack gap={6} align="center" mb="xl">
            <ThemeIcon size={56} radius="xl" variant="gradient" gradient={{ from: 'cyan', to: 'teal', deg: 135 }}>
              <IconShieldCheck size={32} />
            </ThemeIcon>
            <Title order={2} ta="center">
              <Trans comment="Product name; English: Safety Console">安全物联控制台</Trans>
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              <Trans>智能安全设备与应急事件，一站式掌控</Trans>
            </Text>
          </Stack>
          <LoginPanel onLoggedIn={completeLogin} />
        </Paper>
      </main>
      <Text ta="center" size="xs" c="dimmed" pb="md">
        <Trans>安全物联控制台 · 守护每一处现场</Trans>
      </Text>
    </div>
  );
}
