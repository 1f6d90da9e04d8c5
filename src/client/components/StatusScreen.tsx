import type { ReactNode } from 'react';
import { Center, EmptyState } from '@mantine/core';

interface StatusScreenProps {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/** Centered empty/status message used by the not-found, no-permission and error screens. */
export function StatusScreen({ icon, title, description, actions, testId }: StatusScreenProps) {
  return (
    <Center mih="60vh" p="xl" data-testid={testId}>
      <EmptyState icon={icon} title={title} description={description} variant="light" size="lg">
        {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
    </Center>
  );
}
