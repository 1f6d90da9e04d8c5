import { useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { usePhone } from './DataTable/layout';

/**
 * A list's filter bar: shown as is on wider screens; on a phone folded behind a "筛选" button so the first screen
 * holds rows, not inputs. `active` marks the button while any filter is set.
 */
export function CollapsibleFilters({ children, active }: { children: ReactNode; active?: boolean }) {
  const phone = usePhone();
  const [opened, setOpened] = useState(false);
  if (!phone) return <>{children}</>;
  return (
    <Stack gap="xs">
      <Button
        variant={active ? 'light' : 'default'}
        size="xs"
        leftSection={<IconFilter size={14} />}
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        data-testid="filters-toggle"
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>筛选</Trans>
      </Button>
      {opened && children}
    </Stack>
  );
}
