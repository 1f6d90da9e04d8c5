import { openDoorPushSchema } from '../../shared/alarms/push';
import { STOCK_STATE } from '../../shared/codes';
import { IMEI_RE } from '../../shared/devices/protocol';
import { tenantDashboardTopic, tenantPositionsTopic, topics } from '../../shared/topics';
import { secretMatches } from '../devices/secrets';

/**
 * The broker's authorisation rules as pure decisions over facts already looked up (access.ts
 * does the lookups). The embedded Aedes calls them directly; external brokers reach the same
 * decisions through POST /api/mqtt/auth and /api/mqtt/acl.
 */

/** Who is on the other end of an MQTT connection. */
export type Principal =
  | { kind: 'console'; userId: number; tokenHash: string; tenantId: number; superAdmin: boolean; readOnly?: boolean }
  | { kind: 'device'; imei: string; deviceId: number; tenantId: number };

/** A resolved, live session (see auth/sessions.ts resolveToken), or undefined. */
interface SessionFacts {
  userId: number;
  tokenHash: string;
  tenantId: number;
  superAdmin: boolean;
  /** The visitor: may listen, never publish (no door opens for a guest login). */
  readOnly?: boolean;
}

/** What the rules need to know about a device (a KnownDevice satisfies it). */
interface DeviceFacts {
  id: number;
  imei: string;
  tenantId: number;
  stockState: number;
  secretVersion: number;
  /** DEVICE_KINDS; consoles may command door units only. */
  kind?: string;
}

export const USER_ID_RE = /^\d{1,10}$/;

/** Devices waiting for stock-in and recycled ones may not talk to the platform. */
export function deviceAdmitted(device: Pick<DeviceFacts, 'stockState'> | undefined): boolean {
  return (
    device !== undefined && device.stockState !== STOCK_STATE.pendingIn && device.stockState !== STOCK_STATE.recycled
  );
}

/**
 * A console logs in with username = its user id and password = its session token. The token must
 * belong to a live session of that very user.
 */
export function authorizeConnect(
  username: string | undefined,
  session: SessionFacts | undefined,
): Principal | undefined {
  if (!username || !USER_ID_RE.test(username) || !session) return undefined;
  if (session.userId !== Number(username)) return undefined;
  return {
    kind: 'console',
    userId: session.userId,
    tokenHash: session.tokenHash,
    tenantId: session.tenantId,
    superAdmin: session.superAdmin,
    readOnly: session.readOnly,
  };
}

/** A device logs in with username = its IMEI and password = its secret (devices/secrets.ts). */
export function authorizeDeviceConnect(
  username: string | undefined,
  password: string | undefined,
  device: DeviceFacts | undefined,
  key: string,
): Principal | undefined {
  if (!username || !password || !device || device.imei !== username || !deviceAdmitted(device)) return undefined;
  if (!secretMatches(key, device.imei, device.secretVersion, password)) return undefined;
  return { kind: 'device', imei: device.imei, deviceId: device.id, tenantId: device.tenantId };
}

/**
 * Who a principal is, for client ids: two connections of the same identity may replace each
 * other's session (a device that reconnected), of different identities never.
 */
export function identityOf(principal: Principal): string {
  return principal.kind === 'device' ? `device:${principal.imei}` : `user:${principal.userId}`;
}

/** The client id forms that name an identity: `dev_{imei}` and `user_{user id}`, each optionally `_` and a suffix. */
const NAMED_CLIENT_ID_RE = /^(dev|user)_/;

/**
 * Whether a principal may connect under `clientId` (docs/device-protocol.md "Client ids"). A
 * device's own form is `dev_{imei}` (or `dev_{imei}_...`), a console's (the visitor's too)
 * `user_{user id}` (or `user_{user id}_...`): an id of either form that names someone else is
 * refused, so no connection takes over another identity's session. Consoles use their own form
 * only; a device may also use an id of neither form (its firmware picks one).
 */
export function clientIdAllowed(principal: Principal, clientId: string): boolean {
  const own = principal.kind === 'device' ? `dev_${principal.imei}` : `user_${principal.userId}`;
  if (clientId === own || clientId.startsWith(`${own}_`)) return true;
  return principal.kind === 'device' && !NAMED_CLIENT_ID_RE.test(clientId);
}

function deviceTopicImei(topic: string, leaf: 'client' | 'server'): string | undefined {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'sfwatch' || parts[2] !== leaf || !IMEI_RE.test(parts[1]!)) return undefined;
  return parts[1];
}

/** The IMEI of a `sfwatch/{imei}/client` topic (no wildcards), else undefined. */
export const clientTopicImei = (topic: string) => deviceTopicImei(topic, 'client');

/** The IMEI of a `sfwatch/{imei}/server` topic (no wildcards), else undefined. */
export const serverTopicImei = (topic: string) => deviceTopicImei(topic, 'server');

const TENANT_TOPIC_RE = /^acm\/t\/(\d{1,10})\/(positions|dashboard)$/;

/** The tenant of a `tenantPositionsTopic` or `tenantDashboardTopic` (no wildcards), else undefined. */
export function positionsTopicTenant(topic: string): number | undefined {
  const m = TENANT_TOPIC_RE.exec(topic);
  if (!m) return undefined;
  const tenantId = Number(m[1]);
  return tenantPositionsTopic(tenantId) === topic || tenantDashboardTopic(tenantId) === topic ? tenantId : undefined;
}

/**
 * Devices follow their own downlink topic. Consoles follow their own channel, the notices, their
 * tenant's live positions and dashboard notices (super administrators: any tenant's), and `sfwatch/{imei}/client` of
 * devices in their tenant (super administrators: any existing device); `target` is that device
 * as looked up, undefined when unknown.
 */
export function authorizeSubscribe(
  principal: Principal | undefined,
  topic: string,
  target?: Pick<DeviceFacts, 'tenantId'>,
): boolean {
  if (!principal) return false;
  if (principal.kind === 'device') return topic === topics.deviceServer(principal.imei);
  if (topic === topics.userWeb(principal.userId) || topic === topics.noticeWeb) return true;
  const positionsOf = positionsTopicTenant(topic);
  if (positionsOf !== undefined) return principal.superAdmin || positionsOf === principal.tenantId;
  if (clientTopicImei(topic) === undefined || !target) return false;
  return principal.superAdmin || target.tenantId === principal.tenantId;
}

/**
 * Devices publish their own uplink and their messages to consoles. Consoles publish only the
 * intercom's open-door request (authorizeConsolePublish); the service publishes through its own
 * path, outside this ACL.
 */
export function authorizePublish(principal: Principal | undefined, topic: string): boolean {
  if (principal?.kind !== 'device') return false;
  return topic === topics.deviceUp(principal.imei) || topic === topics.deviceClient(principal.imei);
}

/** Largest open-door request a console may send; a real one is well under 100 bytes. */
const MAX_CONSOLE_PAYLOAD = 512;

/**
 * docs/requirements/realtime-intercom.md#unlock: a console asks a door unit to open on
 * `sfwatch/{imei}/server`. Only to a door
 * unit of its own tenant (super administrators: any), and, where the payload is seen (the
 * embedded broker; external brokers' ACL hooks see only the topic), only an unretained 5082
 * request for that very door in the console's own name. Never a device command or settings.
 */
export function authorizeConsolePublish(
  principal: Principal | undefined,
  topic: string,
  target: Pick<DeviceFacts, 'tenantId' | 'kind'> | undefined,
  packet?: { payload: Buffer; retain: boolean },
): boolean {
  if (principal?.kind !== 'console' || principal.readOnly || !target || target.kind !== 'doorUnit') return false;
  const imei = serverTopicImei(topic);
  if (imei === undefined || (!principal.superAdmin && target.tenantId !== principal.tenantId)) return false;
  if (!packet) return true;
  if (packet.retain || packet.payload.length > MAX_CONSOLE_PAYLOAD) return false;
  let value: unknown;
  try {
    value = JSON.parse(packet.payload.toString('utf8'));
  } catch {
    return false;
  }
  const open = openDoorPushSchema.safeParse(value);
  return open.success && open.data.imei === imei && String(open.data.userId) === String(principal.userId);
}
