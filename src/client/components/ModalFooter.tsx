import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Button, Group, type ButtonProps, type MantineSpacing } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

type ModalFooterProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
    /** The cancel button's action (usually closing the modal). */
    onCancel: () => void;
    /** Space above the footer. */
    mt?: MantineSpacing;
    /** The confirming button's label. */
    children: ReactNode;
  };

/**
 * A modal's footer: Cancel, then the confirming button at the right. Every prop besides
 * `onCancel` and `mt` goes to the confirming button (`onClick` or `type="submit"`, `loading`,
 * `disabled`, `color`, `data-testid`).
 */
export function ModalFooter({ onCancel, mt, children, ...confirm }: ModalFooterProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        <Trans>取消</Trans>
      </Button>
      <Button {...confirm}>{children}</Button>
    </Group>
  );
}
