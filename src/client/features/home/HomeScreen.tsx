import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RESOURCE_TYPE, type NavEntry } from '../../../shared/auth';
import { entryPath, firstLeaf, useSession } from '../../lib/session';
import { useLinkClick } from '../../lib/useLinkClick';
import { navIcon } from '../shell/navIcons';
import { navLabel } from '../shell/navLabel';

function countMenus(entries: readonly NavEntry[]): number {
  return entries.reduce(
    (sum, entry) => sum + (entry.type === RESOURCE_TYPE.menu ? 1 : 0) + countMenus(entry.list ?? []),
    0,
  );
}

function greetingHour(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** The console home (route 'index'): who is logged in and a card per menu directory. */
export function HomeScreen() {
  const { i18n } = useLingui();
  const { user, menu } = useSession();
  const { dir } = useDirection();
  const linkClick = useLinkClick();
  const Chevron = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  const name = user?.nickname || user?.name || user?.username || '';
  const tenant = user?.tenantName ?? '';
  const part = greetingHour(new Date().getHours());

  const cards = (menu ?? [])
    .filter((entry) => entry.type !== RESOURCE_TYPE.button)
    .map((entry) => {
      const target = entry.type === RESOURCE_TYPE.menu ? entry : firstLeaf(entry.list ?? []);
      return target ? { entry, path: entryPath(target), count: Math.max(1, countMenus(entry.list ?? [])) } : null;
    })
    .filter((card) => card !== null);

  return (
    <Stack gap="xl" data-testid="home-screen">
      <Stack gap={4}>
        <Title order={2}>
          {part === 'morning' && <Trans>早上好，{name}</Trans>}
          {part === 'afternoon' && <Trans>下午好，{name}</Trans>}
          {part === 'evening' && <Trans>晚上好，{name}</Trans>}
        </Title>
        <Group gap="xs">
          <Text c="dimmed">
            <Trans>所属企业：{tenant}</Trans>
          </Text>
          {(user?.roles ?? []).map((role) => (
            <Badge key={role.id} variant="light">
              {role.name}
            </Badge>
          ))}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {cards.map(({ entry, path, count }) => {
          const Icon = navIcon(entry.icon);
          return (
            <Card
              key={entry.id}
              component="a"
              href={path}
              onClick={linkClick(path)}
              withBorder
              radius="md"
              padding="lg"
              data-testid="home-card"
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="md" wrap="nowrap">
                  <ThemeIcon size={44} radius="md" variant="light">
                    <Icon size={24} />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Text fw={600}>{navLabel(i18n, entry)}</Text>
                    <Text size="xs" c="dimmed">
                      <Trans>{count} 个功能</Trans>
                    </Text>
                  </Stack>
                </Group>
                <Chevron size={18} opacity={0.6} />
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
