import { eq } from 'drizzle-orm';
import { IMEI_RE } from '../../shared/devices/protocol';
import { resolveToken } from '../auth/sessions';
import type { Db } from '../db/driver';
import { users } from '../db/schema';
import type { DeviceCache } from '../devices/cache';
import { deviceKey } from '../devices/secrets';
import type { Clock } from '../lib/clock';
import {
  authorizeConnect,
  authorizeConsolePublish,
  authorizeDeviceConnect,
  authorizePublish,
  authorizeSubscribe,
  clientTopicImei,
  deviceAdmitted,
  serverTopicImei,
  USER_ID_RE,
  type Principal,
} from './acl';

/** The lookups behind the pure rules of acl.ts; a FastifyInstance satisfies it. */
export interface AccessDeps {
  db: Db;
  clock: Clock;
  deviceCache: DeviceCache;
}

// The platform device key never changes once created: read it once per database.
const keys = new WeakMap<Db, Promise<string>>();
function cachedKey(db: Db): Promise<string> {
  let p = keys.get(db);
  if (!p) {
    p = deviceKey(db);
    p.catch(() => keys.delete(db));
    keys.set(db, p);
  }
  return p;
}

/**
 * CONNECT: a known device's IMEI with its secret, else a console's user id with a session token.
 * A username naming a device is always judged as that device.
 */
export async function authenticate(
  deps: AccessDeps,
  username: string | undefined,
  password: string | undefined,
): Promise<Principal | undefined> {
  if (!username || !password) return undefined;
  if (IMEI_RE.test(username)) {
    const device = await deps.deviceCache.get(username);
    if (device) return authorizeDeviceConnect(username, password, device, await cachedKey(deps.db));
  }
  if (!USER_ID_RE.test(username)) return undefined;
  const live = await resolveToken(deps, password);
  const facts = live && {
    userId: live.userId,
    tokenHash: live.tokenHash,
    tenantId: live.scope.tenantId,
    superAdmin: live.scope.kind === 'super',
    readOnly: live.scope.kind === 'visitor',
  };
  return authorizeConnect(username, facts);
}

/** SUBSCRIBE: looks up the device a console asks to follow. */
export async function checkSubscribe(
  deps: AccessDeps,
  principal: Principal | undefined,
  topic: string,
): Promise<boolean> {
  const imei = principal?.kind === 'console' ? clientTopicImei(topic) : undefined;
  const target = imei === undefined ? undefined : await deps.deviceCache.get(imei);
  return authorizeSubscribe(principal, topic, target);
}

/**
 * PUBLISH: devices by topic alone (no lookup: this runs for every telemetry message); consoles
 * after looking up the door unit they address. `packet` is absent on external brokers' hooks.
 */
export async function checkPublish(
  deps: AccessDeps,
  principal: Principal | undefined,
  topic: string,
  packet?: { payload: Buffer; retain: boolean },
): Promise<boolean> {
  if (principal?.kind !== 'console') return authorizePublish(principal, topic);
  const imei = serverTopicImei(topic);
  if (imei === undefined) return false;
  return authorizeConsolePublish(principal, topic, await deps.deviceCache.get(imei), packet);
}

/**
 * The principal behind a username on an external broker's ACL check (the broker already
 * authenticated it through /api/mqtt/auth): the device of that IMEI if admitted, else the
 * active user of that id.
 */
export async function principalOf(deps: AccessDeps, username: string | undefined): Promise<Principal | undefined> {
  if (!username) return undefined;
  if (IMEI_RE.test(username)) {
    const device = await deps.deviceCache.get(username);
    if (device)
      return deviceAdmitted(device)
        ? { kind: 'device', imei: device.imei, deviceId: device.id, tenantId: device.tenantId }
        : undefined;
  }
  if (!USER_ID_RE.test(username)) return undefined;
  const [user] = await deps.db
    .select({ id: users.id, tenantId: users.tenantId, kind: users.kind, status: users.status })
    .from(users)
    .where(eq(users.id, Number(username)));
  if (!user || user.status !== 1) return undefined;
  return {
    kind: 'console',
    userId: user.id,
    tokenHash: '',
    tenantId: user.tenantId,
    superAdmin: user.kind === 'super',
    readOnly: user.kind === 'visitor',
  };
}
