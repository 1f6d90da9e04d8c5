import { hostname } from 'node:os';
import type { StorageTarget } from './lib/storage-url';
import type { IceServer } from './lib/ice-servers';
import { PaymentConfigError } from './lib/payment-keys';
import { paymentSettings, type PaymentSettings } from './lib/payment-settings';
import type { ProtocolName } from '../shared/protocols/types';
import { envSchema } from './config-env';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/** Aliyun's SMS and voice calls (src/server/notify/aliyun.ts). */
export interface AliyunConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** SMS (SMS_PROVIDER=aliyun): the approved signature and a template with one variable, `${content}`. */
  sms?: { signName: string; templateCode: string; endpoint?: string };
  /** Voice (VOICE_CALL_PROVIDER=aliyun): an approved TTS template with `${content}` and the number calls show. */
  voice?: { ttsCode: string; showNumber: string; endpoint?: string };
}

export interface Config {
  port: number;
  host: string;
  mqttPort: number;
  /** Device protocol listeners main.ts starts (0 port: that one off); empty in tests unless asked. */
  protocols: { name: ProtocolName; port: number }[];
  protocolMaxPerAddress: number;
  /** Free MB on the data disk below which device messages are not acknowledged (0: no mark). */
  diskLowWaterMb: number;
  dataDir: string;
  databaseUrl?: string;
  mqttUrl?: string;
  env: 'development' | 'production' | 'test';
  publicUrl?: string;
  /** Web Push (src/server/webpush/): the VAPID keys when set, and whether http endpoints are taken. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject?: string;
  pushAllowHttp: boolean;
  /** Webhooks may call private, loopback and link-local addresses (server-side request forgery guard off). */
  webhookAllowPrivate: boolean;
  staticDir: string;
  smsProvider: 'local' | 'twilio' | 'aliyun';
  voiceCallProvider: 'local' | 'twilio' | 'aliyun';
  /** Twilio's account, set when SMS_PROVIDER or VOICE_CALL_PROVIDER is twilio (docs/alarms.md#acknowledgement-and-escalation). */
  twilio?: { accountSid: string; authToken: string; from: string; apiUrl?: string };
  /** Aliyun's AccessKey with the SMS and/or voice settings of the channels that chose it (src/server/notify/aliyun.ts). */
  aliyun?: AliyunConfig;
  /** Escalation e-mail: SMTP when set, else the local outbox (src/server/notify/email.ts). */
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  adminPassword?: string;
  trustProxy: boolean;
  /** Devices the in-process simulator runs (0: none). Defaults to the demo fleet outside production. */
  sim: number;
  /** Port of the simulator's RTSP test cameras beside the demo fleet; 0 none. */
  simRtspPort: number;
  ingestGroup: string;
  /** Stable client id on an external broker; undefined (tests): random, clean session. */
  mqttClientId?: string;
  deviceTimeoutS: number;
  /** FENCE_DWELL_S: the dwell of fences without their own (docs/fences.md "Dwell"). */
  fenceDwellS: number;
  /** The operators' time zone (TIME_ZONE): where the day and hour rollups of readings start. */
  timeZone: string;
  /** RETENTION_DAYS: days of raw readings kept, 0 for all. */
  retentionDays: number;
  /** Upload storage per tenant, bytes. */
  uploadQuotaBytes: number;
  /** Where uploads are kept (STORAGE_URL). */
  storage: StorageTarget;
  /** /api/docs in production (API_DOCS=1). */
  apiDocs: boolean;
  /** Per-device publish rate limit (messages/s, 0 off) and burst. */
  deviceRate: { perS: number; burst: number };
  /** Consoles' broker URL (MQTT over WebSocket) when not the same origin's `/mqtt`. */
  mqttWsUrl?: string;
  /** Bearer secret of the broker HTTP hooks (/api/mqtt/auth, /api/mqtt/acl); undefined: they refuse every call. */
  mqttHttpSecret?: string;
  /** Embedded broker: connections announcing a larger packet are cut before it is buffered. */
  mqttMaxPacketBytes: number;
  /** Agora credentials; without them the intercom uses the local token provider. */
  agora?: { appId: string; appCertificate: string };
  voiceTokenTtlS: number;
  /** The in-service SFU's network: STUN/TURN, TURN's shared secret, UDP ports, announced addresses. */
  media: { iceServers: IceServer[]; turnSecret?: string; portRange?: [number, number]; hostAddresses: string[] };
  /** Browser keys of the commercial map SDKs; unset means that provider is not offered. */
  maps: { amapKey?: string; amapSecurityCode?: string; googleKey?: string };
  /** WeChat Pay v3, Alipay and PayPal settings; a provider missing here is off (the sandbox is always on). */
  payments: PaymentSettings;
  /** The payment service's own settings: reconcile period (0 off), unpaid orders' lifetime, the sandbox's HMAC secret (unset: generated, kept in settings). */
  payCore: {
    reconcileS: number;
    expireMin: number;
    /** The sandbox provider is offered (PAY_SANDBOX; default: everywhere but production). */
    sandbox: boolean;
    sandboxSecret?: string;
  };
  /** Not from the environment: tests lower it, production keeps OWASP's argon2id minimum. */
  argon2: Argon2Cost;
  /** Not from the environment: tests use a throwaway in-memory PGlite. */
  memoryDb: boolean;
}

/** Thrown for a bad environment; its message is one line meant for the console. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Half an Agora configuration is a mistake worth stopping for, not a silent fallback to local tokens. */
function agoraOf(appId: string | undefined, appCertificate: string | undefined): Config['agora'] {
  if (!appId && !appCertificate) return undefined;
  if (!appId || !appCertificate) {
    throw new ConfigError(
      `Invalid ${appId ? 'AGORA_APP_CERTIFICATE' : 'AGORA_APP_ID'}: AGORA_APP_ID and AGORA_APP_CERTIFICATE are set together or not at all`,
    );
  }
  return { appId, appCertificate };
}

/** Twilio chosen for SMS or voice calls needs its account, number and token; never a silent local fallback. */
function twilioOf(e: {
  SMS_PROVIDER: string;
  VOICE_CALL_PROVIDER: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_URL?: string;
}): Config['twilio'] {
  if (e.SMS_PROVIDER !== 'twilio' && e.VOICE_CALL_PROVIDER !== 'twilio') return undefined;
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((k) => !e[k]);
  if (missing.length)
    throw new ConfigError(`Missing ${missing.join(', ')}: SMS_PROVIDER or VOICE_CALL_PROVIDER is twilio`);
  return {
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    from: e.TWILIO_FROM!,
    apiUrl: e.TWILIO_API_URL,
  };
}

type AliyunEnv = Partial<
  Record<
    | 'ALIYUN_ACCESS_KEY_ID'
    | 'ALIYUN_ACCESS_KEY_SECRET'
    | 'ALIYUN_SMS_SIGN_NAME'
    | 'ALIYUN_SMS_TEMPLATE_CODE'
    | 'ALIYUN_VOICE_TTS_CODE'
    | 'ALIYUN_VOICE_SHOW_NUMBER'
    | 'ALIYUN_SMS_ENDPOINT'
    | 'ALIYUN_VMS_ENDPOINT',
    string
  >
> & { SMS_PROVIDER: string; VOICE_CALL_PROVIDER: string };

/** Aliyun chosen for SMS or voice calls needs its AccessKey and that channel's template; never a silent local fallback. */
function aliyunOf(e: AliyunEnv): Config['aliyun'] {
  const sms = e.SMS_PROVIDER === 'aliyun';
  const voice = e.VOICE_CALL_PROVIDER === 'aliyun';
  if (!sms && !voice) return undefined;
  const needed = [
    'ALIYUN_ACCESS_KEY_ID',
    'ALIYUN_ACCESS_KEY_SECRET',
    ...(sms ? (['ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const) : []),
    ...(voice ? (['ALIYUN_VOICE_TTS_CODE', 'ALIYUN_VOICE_SHOW_NUMBER'] as const) : []),
  ] as const;
  const missing = needed.filter((k) => !e[k]);
  if (missing.length)
    throw new ConfigError(`Missing ${missing.join(', ')}: SMS_PROVIDER or VOICE_CALL_PROVIDER is aliyun`);
  return {
    accessKeyId: e.ALIYUN_ACCESS_KEY_ID!,
    accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET!,
    sms: sms
      ? {
          signName: e.ALIYUN_SMS_SIGN_NAME!,
          templateCode: e.ALIYUN_SMS_TEMPLATE_CODE!,
          endpoint: e.ALIYUN_SMS_ENDPOINT,
        }
      : undefined,
    voice: voice
      ? { ttsCode: e.ALIYUN_VOICE_TTS_CODE!, showNumber: e.ALIYUN_VOICE_SHOW_NUMBER!, endpoint: e.ALIYUN_VMS_ENDPOINT }
      : undefined,
  };
}

/** The payment providers' keys are checked at start; a bad one is a one-line ConfigError that never shows the key. */
function paymentsOf(e: Parameters<typeof paymentSettings>[0]): PaymentSettings {
  try {
    return paymentSettings(e);
  } catch (err) {
    if (err instanceof PaymentConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

/**
 * Checked by real starts only (main.ts): with MQTT_URL the service's own `/mqtt` has no broker
 * behind it, so consoles without MQTT_WS_URL would never get a live alarm - and nothing would say so.
 */
export function checkConsoleBroker(config: Pick<Config, 'mqttUrl' | 'mqttWsUrl'>): void {
  if (config.mqttUrl && !config.mqttWsUrl) {
    throw new ConfigError(
      "Missing MQTT_WS_URL: with MQTT_URL set, consoles need the external broker's WebSocket listener (e.g. wss://broker.example.com/mqtt); this service's /mqtt has no broker behind it",
    );
  }
}

/** Production hands out links (auto-login tickets) only under the address it is published at. */
export function checkPublicUrl(config: Pick<Config, 'env' | 'publicUrl'>): void {
  if (config.env === 'production' && !config.publicUrl) {
    throw new ConfigError(
      "Missing PUBLIC_URL: in production the console builds the links it hands out from it (e.g. https://console.example.com), never from a request's Host header",
    );
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // A URL's password (DATABASE_URL, STORAGE_URL) is not for the console.
    const got = env[name]?.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^/@]*@/i, '$1:***@');
    throw new ConfigError(`Invalid ${name}${got === undefined ? '' : ` (${JSON.stringify(got)})`}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    mqttPort: e.MQTT_PORT,
    protocols: e.PROTOCOLS.map((name) => ({
      name,
      port: e[`${name.toUpperCase() as Uppercase<ProtocolName>}_PORT`],
    })).filter((p) => p.port > 0),
    protocolMaxPerAddress: e.PROTOCOL_MAX_PER_ADDRESS,
    diskLowWaterMb: e.DISK_LOW_WATER_MB,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    env: e.NODE_ENV,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT,
    pushAllowHttp: e.PUSH_ALLOW_HTTP === 'true' || e.PUSH_ALLOW_HTTP === '1',
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true' || e.WEBHOOK_ALLOW_PRIVATE === '1',
    staticDir: e.STATIC_DIR,
    smsProvider: e.SMS_PROVIDER,
    voiceCallProvider: e.VOICE_CALL_PROVIDER,
    twilio: twilioOf(e),
    aliyun: aliyunOf(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    sim: e.SIM ?? (e.NODE_ENV === 'production' ? 0 : 40),
    simRtspPort: e.SIM_RTSP_PORT,
    ingestGroup: e.INGEST_GROUP,
    mqttClientId:
      e.MQTT_CLIENT_ID ??
      (e.NODE_ENV === 'test'
        ? undefined
        : // The group is part of it: a persistent session keeps its subscriptions, so a replica that
          // came back under the same id in another group would also read the old group's share.
          `console-svc-${hostname()
            .replace(/[^A-Za-z0-9_.-]/g, '-')
            .slice(0, 40)}-${e.PORT}${e.INGEST_GROUP === 'ingest' ? '' : `-${e.INGEST_GROUP}`}`),
    deviceTimeoutS: e.DEVICE_TIMEOUT_S,
    fenceDwellS: e.FENCE_DWELL_S,
    timeZone: e.TIME_ZONE,
    retentionDays: e.RETENTION_DAYS,
    apiDocs: e.API_DOCS,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    storage: e.STORAGE_URL,
    deviceRate: { perS: e.DEVICE_RATE_PER_S, burst: e.DEVICE_RATE_BURST },
    mqttWsUrl: e.MQTT_WS_URL,
    mqttHttpSecret: e.MQTT_HTTP_SECRET,
    mqttMaxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
    agora: agoraOf(e.AGORA_APP_ID, e.AGORA_APP_CERTIFICATE),
    voiceTokenTtlS: e.VOICE_TOKEN_TTL_S,
    media: {
      iceServers: e.ICE_SERVERS,
      turnSecret: e.TURN_SECRET,
      portRange: e.MEDIA_PORTS,
      hostAddresses: e.MEDIA_HOST_ADDRESSES,
    },
    maps: {
      amapKey: e.AMAP_KEY || undefined,
      amapSecurityCode: e.AMAP_SECURITY_CODE || undefined,
      googleKey: e.GOOGLE_MAPS_KEY || undefined,
    },
    payments: paymentsOf(e),
    payCore: {
      reconcileS: e.PAY_RECONCILE_S,
      expireMin: e.PAY_EXPIRE_MIN,
      sandbox: e.PAY_SANDBOX ? e.PAY_SANDBOX === 'true' || e.PAY_SANDBOX === '1' : e.NODE_ENV !== 'production',
      sandboxSecret: e.PAY_SANDBOX_SECRET,
    },
    argon2: { memoryCost: 19_456, timeCost: 2 },
    memoryDb: false,
  };
}
