import { Center, EmptyState, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { findRoute } from '../../../shared/routes';
import { navIcon } from '../shell/navIcons';
import { routeTitle } from '../shell/navLabel';

/** A registered screen whose feature has not been built yet. */
export function PlaceholderScreen({ name }: { name: string }) {
  const { i18n } = useLingui();
  const title = routeTitle(i18n, name) ?? name;
  const Icon = navIcon(findRoute(name)?.icon);
  return (
    <Stack gap="lg" data-testid="placeholder-screen" data-route={name}>
      <Title order={2}>{title}</Title>
      <Center mih="50vh">
        <EmptyState
          variant="light"
          size="lg"
          icon={<Icon size={28} />}
          title={<Trans>功能建设中</Trans>}
          description={<Trans>“{title}”页面即将上线，敬请期待。</Trans>}
        />
      </Center>
    </Stack>
  );
}
