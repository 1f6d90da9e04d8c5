import type { SmsProvider } from '../auth/sms';
import type { VoiceCallProvider } from './voice-call';

interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The Twilio number messages and calls come from (E.164, e.g. +15005550006). */
  from: string;
  /** The REST API's base (default https://api.twilio.com); tests point it at a local server. */
  apiUrl?: string;
  /** Country code put before a number without one (mainland mobiles: +86). */
  defaultCountry?: string;
}

/** Twilio's `<Say>` language per console language. */
const SAY_LANG: Record<string, string> = {
  cn: 'cmn-CN',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ru: 'ru-RU',
  ar: 'arb',
};

const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * Twilio's REST API (2010-04-01): an SMS is a Message, a voice call a Call whose TwiML speaks the
 * text. Both are one form POST with the account's basic authentication; an answer other than
 * 2xx throws with Twilio's message, which the escalation records as the notification's error.
 */
export function createTwilio(c: TwilioConfig): { sms: SmsProvider; voiceCalls: VoiceCallProvider } {
  const base = `${(c.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid)}`;
  const auth = `Basic ${Buffer.from(`${c.accountSid}:${c.authToken}`).toString('base64')}`;
  const e164 = (phone: string) => (phone.startsWith('+') ? phone : `${c.defaultCountry ?? '+86'}${phone}`);
  async function post(resource: 'Messages' | 'Calls', form: Record<string, string>): Promise<void> {
    const res = await fetch(`${base}/${resource}.json`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.ok) return;
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: number };
    throw new Error(
      `Twilio ${resource}: HTTP ${res.status}${body.code ? ` ${body.code}` : ''} ${body.message ?? ''}`.trim(),
    );
  }
  return {
    sms: { name: 'twilio', send: (phone, text) => post('Messages', { To: e164(phone), From: c.from, Body: text }) },
    voiceCalls: {
      name: 'twilio',
      call: (phone, text, lang) =>
        post('Calls', {
          To: e164(phone),
          From: c.from,
          Twiml: `<Response><Say language="${SAY_LANG[lang] ?? 'cmn-CN'}">${xml(text)}</Say></Response>`,
        }),
    },
  };
}
