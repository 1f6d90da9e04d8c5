import { Button, Menu } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LANGS, LANG_NATIVE_NAMES, LANG_TAGS, isRtl, type Lang } from '../../shared/i18n';
import { activateLang } from './i18n';
import { useLang } from './useLang';

function GlobeIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

/** Compact language menu for the login screen and the header. */
export function LanguagePicker() {
  const { t } = useLingui();
  const lang = useLang();
  const pick = (next: Lang) => {
    if (next === lang) return;
    activateLang(next).catch((error: unknown) => console.warn(`i18n: could not load "${next}"`, error));
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<GlobeIcon />}
          aria-label={t`切换语言`}
          data-testid="language-picker"
        >
          <span lang={LANG_TAGS[lang]}>{LANG_NATIVE_NAMES[lang]}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGS.map((code) => (
          <Menu.Item
            key={code}
            data-lang={code}
            lang={LANG_TAGS[code]}
            dir={isRtl(code) ? 'rtl' : 'ltr'}
            aria-current={code === lang ? 'true' : undefined}
            fw={code === lang ? 700 : undefined}
            onClick={() => pick(code)}
          >
            {LANG_NATIVE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
