import webpush from 'web-push';
import type { Db } from '../db/driver';
import { settingOrCreate } from '../repos/settings';

/** The service's VAPID identity (RFC 8292): the key pair that signs every push, and who to contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address the push services can reach the operator at. */
  subject: string;
}

interface VapidConfig {
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject?: string;
  publicUrl?: string;
  mailFrom: string;
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else a pair made at first start and
 * kept in the settings (every replica signs with the same pair, and a restart keeps the browsers'
 * subscriptions, which are bound to the public key). The subject: VAPID_SUBJECT, else PUBLIC_URL
 * when it is https, else the mail address of MAIL_FROM.
 */
export async function vapidKeys(db: Db, config: VapidConfig): Promise<VapidKeys> {
  const subject = config.vapidSubject ?? subjectOf(config);
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  const stored = await settingOrCreate(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}

function subjectOf(config: VapidConfig): string {
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  const mail = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${mail}`;
}
