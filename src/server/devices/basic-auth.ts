import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../shared/api';
import { IMEI_RE } from '../../shared/devices/protocol';
import { devices } from '../db/schema';
import { fail } from '../lib/api-error';
import { deviceKey, secretMatches } from './secrets';

/** IMEI and secret of `Authorization: Basic base64(imei:secret)`: the credentials the device uses on MQTT. */
function basicAuth(request: FastifyRequest): { imei: string; secret: string } | undefined {
  const m = /^Basic ([A-Za-z0-9+/=]{4,200})$/.exec(request.headers.authorization ?? '');
  if (!m) return undefined;
  const plain = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = plain.indexOf(':');
  const imei = plain.slice(0, colon);
  return colon > 0 && IMEI_RE.test(imei) ? { imei, secret: plain.slice(colon + 1) } : undefined;
}

interface BasicAuthDevice {
  id: number;
  imei: string;
  name: string | null;
  kind: string;
  tenantId: number;
}

/**
 * The device whose MQTT credentials came as Basic auth, for the routes a device calls over HTTP
 * (voice messages, its call token; docs/device-protocol.md). An unknown device and a wrong or
 * retired secret look alike: 208 `badCredentials`.
 */
export async function deviceByBasicAuth(app: FastifyInstance, request: FastifyRequest): Promise<BasicAuthDevice> {
  const creds = basicAuth(request);
  if (!creds) return fail(Code.SESSION_EXPIRED, 'badCredentials');
  const [device] = await app.db
    .select({
      id: devices.id,
      imei: devices.imei,
      name: devices.name,
      kind: devices.kind,
      tenantId: devices.tenantId,
      secretVersion: devices.secretVersion,
    })
    .from(devices)
    .where(eq(devices.imei, creds.imei));
  if (!device || !secretMatches(await deviceKey(app.db), device.imei, device.secretVersion, creds.secret)) {
    return fail(Code.SESSION_EXPIRED, 'badCredentials');
  }
  return { id: device.id, imei: device.imei, name: device.name, kind: device.kind, tenantId: device.tenantId };
}
