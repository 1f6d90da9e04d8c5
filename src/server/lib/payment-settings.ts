import type { KeyObject } from 'node:crypto';
import { PaymentConfigError, rsaPrivateKey, rsaPublicKey } from './payment-keys';

/**
 * The real providers' settings from the environment (README "Payments"). A provider is on when its
 * required variables are set; half a provider, or key material that does not load, stops the start
 * with one line naming the variable (config.ts turns PaymentConfigError into a ConfigError).
 */

const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';
const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

export interface WechatSettings {
  mchid: string;
  appid: string;
  /** Serial number of the merchant's API certificate (the Authorization header's serial_no). */
  serialNo: string;
  privateKey: KeyObject;
  /** The 32-byte APIv3 key that encrypts notifications. */
  apiV3Key: string;
  /** WeChat Pay's public key (or platform certificate) that signs answers and notifications. */
  platformKey: KeyObject;
  /** Its id (PUB_KEY_ID_...) or certificate serial: the Wechatpay-Serial header must name it. */
  platformSerial?: string;
  baseUrl: string;
}

export interface AlipaySettings {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  gateway: string;
}

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in the PayPal app; without it webhooks are refused (returns still capture). */
  webhookId?: string;
  baseUrl: string;
  /** Amounts are charged as the same number of this currency's cents (no exchange rate). */
  currency: string;
}

export interface PaymentSettings {
  wechat?: WechatSettings;
  alipay?: AlipaySettings;
  paypal?: PaypalSettings;
}

type PaymentEnv = Partial<
  Record<
    | 'WECHATPAY_MCHID'
    | 'WECHATPAY_APPID'
    | 'WECHATPAY_SERIAL'
    | 'WECHATPAY_PRIVATE_KEY'
    | 'WECHATPAY_APIV3_KEY'
    | 'WECHATPAY_PLATFORM_PUBLIC_KEY'
    | 'WECHATPAY_PLATFORM_SERIAL'
    | 'WECHATPAY_BASE_URL'
    | 'ALIPAY_APP_ID'
    | 'ALIPAY_PRIVATE_KEY'
    | 'ALIPAY_PUBLIC_KEY'
    | 'ALIPAY_GATEWAY'
    | 'PAYPAL_CLIENT_ID'
    | 'PAYPAL_CLIENT_SECRET'
    | 'PAYPAL_WEBHOOK_ID'
    | 'PAYPAL_BASE_URL'
    | 'PAYPAL_CURRENCY',
    string | undefined
  >
>;

/** The required variables of one provider: all set (returns their values) or none (undefined). */
function group<K extends keyof PaymentEnv>(env: PaymentEnv, names: K[]): Record<K, string> | undefined {
  const values = names.map((n) => env[n]?.trim() || undefined);
  if (values.every((v) => v === undefined)) return undefined;
  const missing = names.filter((_, i) => values[i] === undefined);
  if (missing.length)
    throw new PaymentConfigError(`Missing ${missing.join(', ')}: ${names.join(', ')} are set together or not at all`);
  return Object.fromEntries(names.map((n, i) => [n, values[i]])) as Record<K, string>;
}

function url(name: string, value: string | undefined, fallback: string): string {
  const v = value?.trim();
  if (!v) return fallback;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new PaymentConfigError(`Invalid ${name} (${JSON.stringify(v)}): expected an http(s) URL`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new PaymentConfigError(`Invalid ${name} (${JSON.stringify(v)}): expected an http(s) URL`);
  return v.replace(/\/+$/, '');
}

/** Currencies PayPal writes without decimals: fen would be off by a factor of 100 there. */
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

export function paymentSettings(env: PaymentEnv): PaymentSettings {
  const out: PaymentSettings = {};

  const w = group(env, [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PLATFORM_PUBLIC_KEY',
  ]);
  if (w) {
    if (!/^\d{6,32}$/.test(w.WECHATPAY_MCHID))
      throw new PaymentConfigError(
        `Invalid WECHATPAY_MCHID (${JSON.stringify(w.WECHATPAY_MCHID)}): expected the merchant number's digits`,
      );
    if (Buffer.byteLength(w.WECHATPAY_APIV3_KEY) !== 32)
      throw new PaymentConfigError('Invalid WECHATPAY_APIV3_KEY: expected the 32 characters of the APIv3 key');
    if (!/^[0-9A-Fa-f]{8,64}$/.test(w.WECHATPAY_SERIAL))
      throw new PaymentConfigError(
        `Invalid WECHATPAY_SERIAL (${JSON.stringify(w.WECHATPAY_SERIAL)}): expected the merchant certificate's serial number (hex)`,
      );
    const platform = rsaPublicKey('WECHATPAY_PLATFORM_PUBLIC_KEY', w.WECHATPAY_PLATFORM_PUBLIC_KEY);
    out.wechat = {
      mchid: w.WECHATPAY_MCHID,
      appid: w.WECHATPAY_APPID,
      serialNo: w.WECHATPAY_SERIAL.toUpperCase(),
      privateKey: rsaPrivateKey('WECHATPAY_PRIVATE_KEY', w.WECHATPAY_PRIVATE_KEY),
      apiV3Key: w.WECHATPAY_APIV3_KEY,
      platformKey: platform.key,
      platformSerial: env.WECHATPAY_PLATFORM_SERIAL?.trim() || platform.certSerial,
      baseUrl: url('WECHATPAY_BASE_URL', env.WECHATPAY_BASE_URL, WECHATPAY_BASE_URL),
    };
  }

  const a = group(env, ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
  if (a) {
    if (!/^\d{10,32}$/.test(a.ALIPAY_APP_ID))
      throw new PaymentConfigError(
        `Invalid ALIPAY_APP_ID (${JSON.stringify(a.ALIPAY_APP_ID)}): expected the application's digits`,
      );
    out.alipay = {
      appId: a.ALIPAY_APP_ID,
      privateKey: rsaPrivateKey('ALIPAY_PRIVATE_KEY', a.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: rsaPublicKey('ALIPAY_PUBLIC_KEY', a.ALIPAY_PUBLIC_KEY).key,
      gateway: url('ALIPAY_GATEWAY', env.ALIPAY_GATEWAY, ALIPAY_GATEWAY),
    };
  }

  const p = group(env, ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']);
  if (p) {
    const currency = (env.PAYPAL_CURRENCY?.trim() || 'USD').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency) || NO_DECIMALS.has(currency)) {
      throw new PaymentConfigError(
        `Invalid PAYPAL_CURRENCY (${JSON.stringify(currency)}): expected an ISO 4217 code of a currency with cents (USD, EUR, CNY ...)`,
      );
    }
    out.paypal = {
      clientId: p.PAYPAL_CLIENT_ID,
      clientSecret: p.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID?.trim() || undefined,
      baseUrl: url('PAYPAL_BASE_URL', env.PAYPAL_BASE_URL, PAYPAL_SANDBOX_URL),
      currency,
    };
  }
  return out;
}
