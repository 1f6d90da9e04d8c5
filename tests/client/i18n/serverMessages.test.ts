import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { activateLang } from '../../../src/client/i18n/i18n';
import { serverMessage, serverMessageDescriptor } from '../../../src/client/i18n/serverMessages';

afterEach(() => activateLang('cn'));

describe('serverMessage', () => {
  it('falls back to the given text for an unknown or absent key', () => {
    expect(serverMessage('noSuchKey', 'Something odd')).toBe('Something odd');
    expect(serverMessage(undefined, 'plain msg')).toBe('plain msg');
    expect(serverMessage('toString', 'inherited names are not keys')).toBe('inherited names are not keys');
  });

  it('translates a known key in the active language', async () => {
    expect(serverMessage('badCredentials', 'Wrong account or password')).toBe('账号或密码错误');
    await activateLang('fr');
    expect(serverMessage('badCredentials', 'x')).toBe('Identifiant ou mot de passe incorrect');
  });

  it('has a descriptor for every key of the shared message table', () => {
    for (const key of Object.keys(MESSAGES)) {
      expect(serverMessageDescriptor(key)?.id, key).toBe(`server.${key}`);
    }
  });

  it('gives every key a real translation in each catalog', async () => {
    for (const lang of ['en', 'es', 'fr', 'de', 'ru', 'ar'] as const) {
      await activateLang(lang);
      for (const key of Object.keys(MESSAGES)) {
        const text = serverMessage(key, '');
        expect(text, `${lang} ${key}`).not.toBe('');
        expect(text, `${lang} ${key}`).not.toBe(`server.${key}`);
        expect(text, `${lang} ${key}`).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});
