import { useState } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacro } from '@lingui/react/macro';
import { SPEC_ROUTES, routePath, type SpecRoute } from '../../../shared/routes';
import { routeTitle } from '../shell/navLabel';
import { allowedRoutes, useSession } from '../../lib/session';

/**
 * newPage1: every screen the user's menu opens, by scenario, searchable, marked "in progress"
 * where nothing is built yet; a way to find a screen without knowing where the menu keeps it.
 */
export function ScreenDirectory({ hasScreen }: { hasScreen: (route: string) => boolean }) {
  const { i18n } = useLingui();
  const { t } = useMacro();
  useSession();
  const [query, setQuery] = useState('');
  const allowed = allowedRoutes();
  const q = query.trim().toLowerCase();
  const routes = SPEC_ROUTES.filter((r) => allowed.has(r.value)).filter((r) => {
    const title = routeTitle(i18n, r.value) ?? r.value;
    return !q || title.toLowerCase().includes(q) || r.value.toLowerCase().includes(q);
  });
  // Screens with route files of their own (maps, details, dashboards) are built too.
  const files = useRouter().routesByPath as unknown as Record<string, unknown>;
  const built = (r: SpecRoute) => r.value === 'index' || hasScreen(r.value) || routePath(r) in files;
  return (
    <Stack gap="sm" data-testid="screen-directory">
      <Group justify="space-between">
        <Title order={4}>
          <Trans>页面导航</Trans>
        </Title>
        <TextInput
          placeholder={t`搜索页面`}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="screen-search"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {routes.map((r) => (
          <Card key={r.value} withBorder padding="sm" data-testid="screen-card" data-route={r.value}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={routePath(r)}>
                {routeTitle(i18n, r.value) ?? r.value}
              </Anchor>
              {!built(r) && (
                <Badge size="xs" color="gray" variant="light">
                  <Trans>建设中</Trans>
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {routePath(r)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
