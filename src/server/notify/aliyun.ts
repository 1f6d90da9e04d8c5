import { createHmac, randomUUID } from 'node:crypto';
import type { SmsProvider } from '../auth/sms';
import type { VoiceCallProvider } from './voice-call';
import type { AliyunConfig } from '../config';

const SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const VMS_ENDPOINT = 'https://dyvmsapi.aliyuncs.com';
/** SendSms and SingleCallByTts are both of the 2017-05-25 API versions. */
const VERSION = '2017-05-25';

/** RFC 3986 percent-encoding as Aliyun's POP signature wants it: only A-Z a-z 0-9 - _ . ~ stay. */
function popEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Aliyun's RPC ("POP") signature, version 1.0: the parameters sorted by name and percent-encoded,
 * StringToSign = METHOD&%2F&encode(query), signed by HMAC-SHA1 with the AccessKey secret plus "&".
 */
export function popSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const query = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${popEncode('/')}&${popEncode(query)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Mainland numbers go without a country code, others as country code and number without `+`. */
const aliyunPhone = (phone: string) => phone.replace(/^\+86(?=1\d{10}$)/, '').replace(/^\+/, '');

/**
 * Aliyun SMS (dysmsapi SendSms) and voice notification (dyvmsapi SingleCallByTts). Both are one
 * signed form POST; an answer whose Code is not "OK" throws with Aliyun's code and message, which
 * the escalation records as the notification's error.
 */
export function createAliyun(c: AliyunConfig): { sms?: SmsProvider; voiceCalls?: VoiceCallProvider } {
  async function call(endpoint: string, action: string, own: Record<string, string>): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: c.accessKeyId,
      Action: action,
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: VERSION,
      ...own,
    };
    params.Signature = popSignature('POST', params, c.accessKeySecret);
    const res = await fetch(`${endpoint.replace(/\/+$/, '')}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Object.entries(params)
        .map(([k, v]) => `${popEncode(k)}=${popEncode(v)}`)
        .join('&'),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (res.ok && body.Code === 'OK') return;
    throw new Error(
      `Aliyun ${action}: HTTP ${res.status} ${body.Code ?? ''}${body.Message ? ` ${body.Message}` : ''}`.trim(),
    );
  }
  const { sms, voice } = c;
  return {
    sms: sms && {
      name: 'aliyun',
      send: (phone, text) =>
        call(sms.endpoint ?? SMS_ENDPOINT, 'SendSms', {
          PhoneNumbers: aliyunPhone(phone),
          SignName: sms.signName,
          TemplateCode: sms.templateCode,
          TemplateParam: JSON.stringify({ content: text }),
        }),
    },
    voiceCalls: voice && {
      name: 'aliyun',
      call: (phone, text) =>
        call(voice.endpoint ?? VMS_ENDPOINT, 'SingleCallByTts', {
          CalledNumber: aliyunPhone(phone),
          CalledShowNumber: voice.showNumber,
          TtsCode: voice.ttsCode,
          TtsParam: JSON.stringify({ content: text }),
        }),
    },
  };
}
