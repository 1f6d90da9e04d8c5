import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { decimalOfFen, fenOfDecimal } from '../../../src/server/payments/providers/common';
import { realProviders } from '../../../src/server/payments/providers/index';
import { rsaPair } from './providers-fake';

// The providers' variables: on when set, one clear line (never the key) when wrong.

const merchant = rsaPair();
const wechat = {
  WECHATPAY_MCHID: '1900009191',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: merchant.privatePem,
  WECHATPAY_APIV3_KEY: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  WECHATPAY_PLATFORM_PUBLIC_KEY: rsaPair().publicPem,
};
const alipay = {
  ALIPAY_APP_ID: '2021000122671080',
  ALIPAY_PRIVATE_KEY: merchant.privatePem,
  ALIPAY_PUBLIC_KEY: rsaPair().publicPem,
};
const paypal = { PAYPAL_CLIENT_ID: 'AbC-client', PAYPAL_CLIENT_SECRET: 'sEcReT' };

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('payment provider settings', () => {
  it('leaves every real provider off without keys', () => {
    expect(loadConfig({}).payments).toEqual({});
  });

  it('turns each provider on once its keys are set, with the documented defaults', () => {
    const p = loadConfig({ ...wechat, ...alipay, ...paypal }).payments;
    expect(p.wechat).toMatchObject({
      mchid: '1900009191',
      baseUrl: 'https://api.mch.weixin.qq.com',
      serialNo: wechat.WECHATPAY_SERIAL,
    });
    expect(p.alipay).toMatchObject({ appId: '2021000122671080', gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(p.paypal).toMatchObject({
      clientId: 'AbC-client',
      baseUrl: 'https://api-m.sandbox.paypal.com',
      currency: 'USD',
      webhookId: undefined,
    });
  });

  it('reads keys as one-line PEM with \\n, a file path, or bare base64 (Alipay key tool)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paykeys-'));
    const file = join(dir, 'apiclient_key.pem');
    writeFileSync(file, merchant.privatePem);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const bare = privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');
    const barePub = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(loadConfig({ ...wechat, WECHATPAY_PRIVATE_KEY: file }).payments.wechat).toBeDefined();
    expect(
      loadConfig({ ...wechat, WECHATPAY_PRIVATE_KEY: merchant.privatePem.replace(/\n/g, '\\n') }).payments.wechat,
    ).toBeDefined();
    const a = loadConfig({ ...alipay, ALIPAY_PRIVATE_KEY: bare, ALIPAY_PUBLIC_KEY: barePub }).payments.alipay!;
    expect(a.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(a.alipayPublicKey.equals(publicKey)).toBe(true);
  });

  it.each([
    [
      { ...wechat, WECHATPAY_APIV3_KEY: '' },
      /^Missing WECHATPAY_APIV3_KEY: WECHATPAY_MCHID, .* are set together or not at all$/,
    ],
    [{ ...wechat, WECHATPAY_APIV3_KEY: 'short' }, /^Invalid WECHATPAY_APIV3_KEY: expected the 32 characters/],
    [
      { ...wechat, WECHATPAY_PRIVATE_KEY: '/nonexistent/apiclient_key.pem' },
      /^Invalid WECHATPAY_PRIVATE_KEY: expected PEM text, base64 key or the path of a readable PEM file$/,
    ],
    [
      { ...wechat, WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN\n-----END PRIVATE KEY-----' },
      /^Invalid WECHATPAY_PRIVATE_KEY: not a readable private key$/,
    ],
    [
      {
        ...wechat,
        WECHATPAY_PLATFORM_PUBLIC_KEY: merchant.privatePem.replace('PRIVATE', 'PUBLIC').replace('PRIVATE', 'PUBLIC'),
      },
      /^Invalid WECHATPAY_PLATFORM_PUBLIC_KEY: not a readable public key or certificate$/,
    ],
    [{ ...wechat, WECHATPAY_MCHID: 'merchant' }, /^Invalid WECHATPAY_MCHID/],
    [{ ...wechat, WECHATPAY_BASE_URL: 'ftp://x' }, /^Invalid WECHATPAY_BASE_URL/],
    [{ ALIPAY_APP_ID: '2021000122671080' }, /^Missing ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY:/],
    [
      {
        ...alipay,
        ALIPAY_PRIVATE_KEY: generateKeyPairSync('ec', {
          namedCurve: 'P-256',
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        }).privateKey,
      },
      /^Invalid ALIPAY_PRIVATE_KEY: expected an RSA key, got ec$/,
    ],
    [
      {
        ...alipay,
        ALIPAY_PUBLIC_KEY: generateKeyPairSync('rsa', {
          modulusLength: 1024,
          publicKeyEncoding: { type: 'spki', format: 'pem' },
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        }).publicKey,
      },
      /^Invalid ALIPAY_PUBLIC_KEY: expected an RSA key of at least 2048 bits, got 1024$/,
    ],
    [{ PAYPAL_CLIENT_SECRET: 'x' }, /^Missing PAYPAL_CLIENT_ID:/],
    [{ ...paypal, PAYPAL_CURRENCY: 'JPY' }, /^Invalid PAYPAL_CURRENCY/],
  ])('refuses a bad provider setting with one line that never shows the key (%#)', (env, message) => {
    const m = configError(env as Record<string, string>);
    expect(m).toMatch(message);
    expect(m).not.toContain('\n');
    expect(m).not.toContain('BEGIN');
    expect(m).not.toContain('MIIE');
  });

  it('converts fen and decimal strings exactly', () => {
    expect([0, 1, 10, 99, 100, 1234, 1005, 123456789012].map(decimalOfFen)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '12.34',
      '10.05',
      '1234567890.12',
    ]);
    expect(['12.34', '12.3', '12', '0.01', '1234567890.12'].map(fenOfDecimal)).toEqual([
      1234, 1230, 1200, 1, 123456789012,
    ]);
    expect(['-1', '1.234', 'abc', '', '1e3'].map(fenOfDecimal)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(() => decimalOfFen(12.5)).toThrow(RangeError);
  });
});

describe('realProviders', () => {
  const log = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

  it('builds the configured providers only, each with its currency', () => {
    expect(realProviders(loadConfig({}).payments, log)).toEqual([]);
    const all = realProviders(loadConfig({ ...wechat, ...alipay, ...paypal, PAYPAL_CURRENCY: 'eur' }).payments, log);
    expect(all.map((p) => [p.method, p.currency])).toEqual([
      ['wechat', 'CNY'],
      ['alipay', 'CNY'],
      ['paypal', 'EUR'],
    ]);
    expect(realProviders(loadConfig({ ...alipay }).payments, log).map((p) => p.method)).toEqual(['alipay']);
  });
});
