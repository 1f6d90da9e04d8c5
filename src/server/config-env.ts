import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../shared/constants';
import { DEFAULT_FENCE_DWELL_S, MAX_FENCE_DWELL_S } from '../shared/geo/fence';
import { parseStorageUrl, StorageUrlError } from './lib/storage-url';
import { parseIceServers, parsePortRange } from './lib/ice-servers';
import { PROTOCOL_NAMES, PROTOCOL_PORTS } from '../shared/protocols/types';

const portError = { error: 'expected a port number from 0 to 65535' };
const port = (fallback: number) =>
  z.coerce.number(portError).int(portError).min(0, portError).max(65535, portError).default(fallback);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

/**
 * The environment the service reads, each variable with its default and its check; loadConfig
 * (config.ts) turns the parsed values into the Config.
 */
export const envSchema = z.object({
  PORT: port(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  /** 0 disables the embedded broker's TCP listener (WebSocket /mqtt stays). */
  MQTT_PORT: port(1883),
  /** Device protocol listeners (docs/protocols.md): a comma list of PROTOCOL_NAMES; empty or none: off. */
  PROTOCOLS: z
    .string()
    .trim()
    .default(PROTOCOL_NAMES.join(','))
    .transform((v) => (v === '' || v === 'none' ? [] : [...new Set(v.split(',').map((p) => p.trim()))]))
    .pipe(z.array(z.enum(PROTOCOL_NAMES, { error: `each of ${PROTOCOL_NAMES.join(', ')}, or none` }))),
  WATCH_PORT: port(PROTOCOL_PORTS.watch),
  GT06_PORT: port(PROTOCOL_PORTS.gt06),
  JT808_PORT: port(PROTOCOL_PORTS.jt808),
  OSMAND_PORT: port(PROTOCOL_PORTS.osmand),
  H02_PORT: port(PROTOCOL_PORTS.h02),
  TRV_PORT: port(PROTOCOL_PORTS.trv),
  TELTONIKA_PORT: port(PROTOCOL_PORTS.teltonika),
  /** Protocol connections one address may hold (0: no limit); devices behind a carrier's NAT share addresses. */
  PROTOCOL_MAX_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /**
   * Free space on the data disk (DATA_DIR) below which the service stops acknowledging device
   * messages and health answers 503, before the database itself fails (docs/reliability.md).
   */
  DISK_LOW_WATER_MB: z.coerce.number().int().min(0).max(1_000_000).default(512),
  DATABASE_URL: optionalUrl,
  MQTT_URL: optionalUrl,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PUBLIC_URL: optionalUrl,
  /** Web Push's VAPID key pair (base64url; docs/alarms.md "Push to phones"); unset: made at first start, kept in the settings. */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key')
    .optional(),
  /** The contact the push services see: mailto: or https:. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'mailto: or https: address')
    .optional(),
  /** Web Push endpoints over plain http accepted (tests, a local push service). */
  PUSH_ALLOW_HTTP: z.enum(['true', 'false', '1', '0']).optional(),
  /** Webhook URLs on private, loopback and link-local addresses accepted (tests, a receiver on the LAN): docs/integrations.md. */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  STATIC_DIR: z.string().trim().min(1).default('./dist'),
  SMS_PROVIDER: z.enum(['local', 'twilio', 'aliyun']).default('local'),
  /** Escalation voice calls: `local` writes a WAV and a log line; `twilio` and `aliyun` place real calls. */
  VOICE_CALL_PROVIDER: z.enum(['local', 'twilio', 'aliyun']).default('local'),
  TWILIO_ACCOUNT_SID: z.string().trim().optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().optional(),
  /** The Twilio number SMS and calls come from (E.164). */
  TWILIO_FROM: z.string().trim().optional(),
  TWILIO_API_URL: optionalUrl,
  /** Aliyun SMS (SendSms) and voice notification (SingleCallByTts): one AccessKey for both. */
  ALIYUN_ACCESS_KEY_ID: z.string().trim().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().trim().optional(),
  /** The approved SMS signature and a template whose one variable is `${content}`. */
  ALIYUN_SMS_SIGN_NAME: z.string().trim().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().trim().optional(),
  /** The approved text-to-speech template (one variable, `${content}`) and the number calls show. */
  ALIYUN_VOICE_TTS_CODE: z.string().trim().optional(),
  ALIYUN_VOICE_SHOW_NUMBER: z.string().trim().optional(),
  /** The APIs' base URLs (default https://dysmsapi.aliyuncs.com and https://dyvmsapi.aliyuncs.com). */
  ALIYUN_SMS_ENDPOINT: optionalUrl,
  ALIYUN_VMS_ENDPOINT: optionalUrl,
  /** Escalation e-mail through this SMTP server (smtp:// or smtps://); unset: the local outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default('Safety Console <alarms@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Production only: the first super administrator's password (generated and printed when unset). */
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /** Behind a load balancer: trust X-Forwarded-For so throttling sees the client's address. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Simulated demo fleet inside `npm start` (outside production): number of devices, 0 off. */
  SIM: z.coerce.number().int().min(0).max(10_000).optional(),
  /** The in-process simulator's two RTSP test cameras (src/sim/rtsp.ts); 0 off. */
  SIM_RTSP_PORT: port(8554),
  /**
   * The service's client id on an external broker (a persistent session, so a restarted replica
   * receives what it had not acknowledged). Default: console-svc-<host name>-<PORT>, and
   * -<INGEST_GROUP> when that is not `ingest`.
   */
  MQTT_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, ., - and _ only')
    .optional(),
  /** Shared-subscription group the ingest reads through on an external broker. */
  INGEST_GROUP: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only')
    .default('ingest'),
  /** Storage each tenant may fill with uploads (floor pictures ...), in MB. */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Where uploads are kept: unset or file: (DATA_DIR/uploads), file:/dir, s3:// or s3+http:// (storage-url.ts). */
  STORAGE_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseStorageUrl(v);
      } catch (err) {
        if (!(err instanceof StorageUrlError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
        return z.NEVER;
      }
    }),
  /** Serve the OpenAPI document and its UI at /api/docs in production too (always outside it). */
  API_DOCS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Per-device publish rate: messages a second sustained (0: no limit) and the burst above it. */
  DEVICE_RATE_PER_S: z.coerce.number().min(0).max(100_000).default(20),
  DEVICE_RATE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Seconds without any message before an online device is marked offline. */
  DEVICE_TIMEOUT_S: z.coerce.number().int().min(30).max(86_400).default(600),
  /** Seconds a device must stay beyond a fence's boundary before the crossing is raised (fences without their own dwell); 0 at once. */
  FENCE_DWELL_S: z.coerce.number().int().min(0).max(MAX_FENCE_DWELL_S).default(DEFAULT_FENCE_DWELL_S),
  TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_TIME_ZONE)
    .refine(validTimeZone, 'not a time zone name (e.g. Asia/Shanghai, Europe/Berlin, UTC)'),
  /** Days of raw readings (and minute rollups) kept; 0 keeps everything (src/server/db/partitions.ts). */
  RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  /** Where consoles reach the broker over WebSocket when it is not this service's own `/mqtt`. */
  MQTT_WS_URL: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' }).optional())
    .optional(),
  /** Shared secret an external broker presents to POST /api/mqtt/auth and /acl; unset: those hooks are off. */
  MQTT_HTTP_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'expected at least 16 characters').optional())
    .optional(),
  /** Largest MQTT packet the embedded broker accepts; a bigger one closes the connection (MQTT's own cap is 256 MB). */
  MQTT_MAX_PACKET_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'expected at least 1024 bytes')
    .max(268_435_460, 'expected at most 268435460 bytes')
    .default(256 * 1024),
  /** Door-unit intercom over Agora: both set, or both unset (the local token provider). */
  AGORA_APP_ID: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, 'expected the 32 hex digits of an Agora App ID')
    .optional()
    .or(z.literal('')),
  AGORA_APP_CERTIFICATE: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, 'expected the 32 hex digits of an Agora App Certificate')
    .optional()
    .or(z.literal('')),
  /** Lifetime of intercom call tokens. */
  VOICE_TOKEN_TTL_S: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** STUN/TURN servers for calls (media/ice.ts): JSON of RTCIceServer[] or comma-separated stun:/turn: URLs. */
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((v, ctx) => checked(ctx, () => parseIceServers(v))),
  /** coturn's static-auth-secret: TURN servers of ICE_SERVERS without a username get per-call credentials. */
  TURN_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'expected at least 16 characters').optional())
    .optional(),
  /** UDP ports the in-service SFU binds, e.g. 40000-40199 (unset: any). */
  MEDIA_PORTS: z
    .string()
    .optional()
    .transform((v, ctx) => checked(ctx, () => parsePortRange(v))),
  /** Addresses the SFU offers besides the machine's own (its public IP behind NAT), comma-separated. */
  MEDIA_HOST_ADDRESSES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], 'expected IP addresses separated by commas')).max(8)),
  /** Map providers beyond the offline MapLibre map: AMap (key + security code) and Google Maps. */
  AMAP_KEY: z.string().trim().max(128).optional(),
  AMAP_SECURITY_CODE: z.string().trim().max(128).optional(),
  GOOGLE_MAPS_KEY: z.string().trim().max(128).optional(),
  /**
   * Real payment providers (README "Payments"; providers/settings.ts checks them): each is on once
   * its keys are set. Keys are PEM text, a PEM file's path or bare base64.
   */
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_SERIAL: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().optional(),
  WECHATPAY_BASE_URL: z.string().optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_BASE_URL: z.string().optional(),
  PAYPAL_CURRENCY: z.string().optional(),
  /** The payment reconcile job's period in seconds (0: off), unpaid orders' lifetime, the sandbox's callback secret (docs/payments.md). */
  PAY_RECONCILE_S: z.coerce.number().int().min(0).max(3600).default(60),
  PAY_EXPIRE_MIN: z.coerce.number().int().min(1).max(1440).default(30),
  /** The local sandbox provider: on outside production; in production only when set to 1/true. */
  PAY_SANDBOX: z.enum(['true', 'false', '1', '0']).optional(),
  PAY_SANDBOX_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'expected at least 16 characters').optional())
    .optional(),
});

/** A parser's one-line error as the variable's issue. */
function checked<T>(ctx: z.RefinementCtx, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
    return z.NEVER;
  }
}

function validTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
