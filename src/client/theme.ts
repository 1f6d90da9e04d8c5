import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { ThemeName } from './lib/themeStore';

// Mantine's dark scheme reads its surfaces from `dark`: [7] body, [6] cards and inputs, [4] borders.
const navy: MantineColorsTuple = [
  '#d5dff0',
  '#b4c3dc',
  '#8fa3c4',
  '#6a82a8',
  '#3b557f',
  '#284069',
  '#1a3158',
  '#0f2346',
  '#0b1b38',
  '#07132a',
];

const shared: MantineThemeOverride = {
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Microsoft YaHei", "Noto Sans Arabic", sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '600' },
  // A system set to reduce motion gets Mantine's modals, collapses and notifications without their
  // transitions (the end-to-end browser asks for that too: fewer frames drawn in software).
  respectReducedMotion: true,
  components: {
    // Mantine 9 keeps every closed Select/MultiSelect dropdown in the DOM, and floating-ui positions
    // each one as it mounts (a forced style recalculation apiece): a list screen's filter bar spent
    // 130 ms on a dozen closed dropdowns at its start. A dropdown now mounts when it opens.
    Combobox: { defaultProps: { keepMounted: false } },
  },
};

export const THEMES: Record<ThemeName, { theme: MantineThemeOverride; scheme: 'dark' | 'light' }> = {
  blue: {
    scheme: 'dark',
    theme: createTheme({
      ...shared,
      primaryColor: 'cyan',
      primaryShade: { dark: 6, light: 7 },
      colors: { dark: navy },
    }),
  },
  white: {
    scheme: 'light',
    theme: createTheme({ ...shared, primaryColor: 'teal', primaryShade: { light: 7, dark: 6 } }),
  },
};
