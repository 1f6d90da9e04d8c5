import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// cn is the spec's own code for Chinese, the source and fallback language.
export default defineConfig({
  sourceLocale: 'cn',
  locales: ['cn', 'en', 'es', 'fr', 'de', 'ru', 'ar'],
  fallbackLocales: { default: 'cn' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src/client', '<rootDir>/src/shared/resources', '<rootDir>/src/entities'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // By id, which is unique: Lingui's default order (by message) keeps messages with the same text
  // in extraction order, which changed from run to run, so every check rewrote the catalogs.
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
