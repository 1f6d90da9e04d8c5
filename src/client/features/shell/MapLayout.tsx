import { Button, Group, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link, Outlet } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import { OfflineBadge } from '../../pwa/OfflineBadge';
import { usePageTitle } from './usePageTitle';
import classes from './MapLayout.module.css';

/**
 * The separate full-height /map layout (docs/requirements/screens-and-routes.md#map-layout-children): a slim bar over
 * the map page.
 */
export function MapLayout() {
  const title = usePageTitle();
  const { dir } = useDirection();
  const Back = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <div className={classes.root}>
      <Group className={classes.bar} px="sm" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Button component={Link} to="/" variant="subtle" size="compact-sm" leftSection={<Back size={16} />}>
            <Trans>返回控制台</Trans>
          </Button>
          <Title order={5} lineClamp={1} data-testid="page-title">
            {title}
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <OfflineBadge />
          <LanguagePicker />
        </Group>
      </Group>
      <main className={classes.page}>
        <Outlet />
      </main>
    </div>
  );
}
