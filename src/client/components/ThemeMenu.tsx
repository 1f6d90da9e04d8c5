import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconPalette } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { setThemeName, useThemeName, type ThemeName } from '../lib/themeStore';

/**
 * Theme choice of docs/requirements/screens-and-routes.md#header-menu-and-themes: blue technology (dark navy) or white
 * campus (light).
 */
export function ThemeMenu() {
  const { t } = useLingui();
  const current = useThemeName();
  const options: { name: ThemeName; label: string }[] = [
    { name: 'blue', label: t`蓝色科技` },
    { name: 'white', label: t`白色校园` },
  ];
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label={t`主题`} withArrow>
          <ActionIcon variant="subtle" size="lg" aria-label={t`主题`} data-testid="theme-menu">
            <IconPalette size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((option) => (
          <Menu.Item
            key={option.name}
            data-theme={option.name}
            onClick={() => setThemeName(option.name)}
            rightSection={option.name === current ? <IconCheck size={14} /> : null}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
