import type { ReactNode } from 'react';
import { Button, Center, EmptyState, Group, Stack } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { LanguagePicker } from '../../i18n/LanguagePicker';

export interface PublicPlaceholderProps {
  title: ReactNode;
  description?: ReactNode;
}

/**
 * Pre-login pages of docs/requirements/screens-and-routes.md#pre-login-routes (intercom and broker pages) until their
 * features land.
 */
export function PublicPlaceholder({ title, description }: PublicPlaceholderProps) {
  return (
    <Stack mih="100dvh" gap={0}>
      <Group justify="flex-end" p="md">
        <LanguagePicker />
      </Group>
      <Center style={{ flex: 1 }} p="md" data-testid="public-placeholder">
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconPhoneCall size={28} />}
          title={title}
          description={description ?? <Trans>此页面即将上线。</Trans>}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/login" variant="light">
              <Trans>前往登录</Trans>
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    </Stack>
  );
}
