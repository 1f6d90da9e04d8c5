import { ActionIcon, Burger, Group, Text, ThemeIcon, Title, Tooltip, useDirection } from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRightCollapse,
  IconLayoutSidebarRightExpand,
  IconShieldCheck,
} from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import { LiveDot } from '../../live/LiveDot';
import { OfflineBadge } from '../../pwa/OfflineBadge';
import { PushStatus } from '../push/PushStatus';
import { ThemeMenu } from '../../components/ThemeMenu';
import { UserMenu } from './UserMenu';
import { ShareLocationStatus } from '../patrol/ShareLocationStatus';

interface HeaderBarProps {
  title: string;
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
  onNavigate: (path: string) => void;
}

export function HeaderBar(props: HeaderBarProps) {
  const { t } = useLingui();
  const { dir } = useDirection();
  const menuLabel = t`展开或收起菜单`;
  // The navbar sits on the start side, so the icon mirrors in right-to-left.
  const SidebarIcon =
    dir === 'rtl'
      ? props.desktopOpened
        ? IconLayoutSidebarRightCollapse
        : IconLayoutSidebarRightExpand
      : props.desktopOpened
        ? IconLayoutSidebarLeftCollapse
        : IconLayoutSidebarLeftExpand;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={props.mobileOpened}
          onClick={props.onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label={menuLabel}
        />
        <Tooltip label={menuLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={props.onToggleDesktop}
            visibleFrom="sm"
            aria-label={menuLabel}
            aria-expanded={props.desktopOpened}
            data-testid="toggle-menu"
          >
            <SidebarIcon size={20} />
          </ActionIcon>
        </Tooltip>
        <Group gap={8} wrap="nowrap" visibleFrom="md">
          <ThemeIcon size={30} radius="md" variant="gradient" gradient={{ from: 'cyan', to: 'teal', deg: 135 }}>
            <IconShieldCheck size={18} />
          </ThemeIcon>
          <Text fw={700} size="sm">
            <Trans>安全物联控制台</Trans>
          </Text>
          <Text c="dimmed" aria-hidden>
            /
          </Text>
        </Group>
        <Title order={4} fw={600} lineClamp={1} data-testid="page-title">
          {props.title}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ShareLocationStatus />
        <LiveDot />
        <OfflineBadge />
        <PushStatus />
        <LanguagePicker />
        <ThemeMenu />
        <UserMenu onNavigate={props.onNavigate} />
      </Group>
    </Group>
  );
}
