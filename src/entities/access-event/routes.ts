import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toMillis, type Uplink } from '../../shared/devices/protocol';
import type { KnownDevice } from '../../server/devices/hub';
import { accessCards } from '../access-card';
import { pushToDevices, accessRights } from '../access-right';
import { unitDoorUnits } from '../unit';
import { accessEvents } from './table';

type AccessUplink = Extract<Uplink, { kind: 'access' }>;

/** Stores one access event of a door unit, with its unit, community and (when known) resident. */
async function recordAccess(
  app: FastifyInstance,
  device: Pick<KnownDevice, 'id' | 'imei' | 'tenantId'>,
  m: AccessUplink,
  receivedAt: Date,
): Promise<number> {
  const [place] = await app.db
    .select({ unitId: unitDoorUnits.unitId, communityId: unitDoorUnits.communityId })
    .from(unitDoorUnits)
    .where(eq(unitDoorUnits.deviceId, device.id));
  let residentId: number | null = null;
  if (m.rightId) {
    const [r] = await app.db
      .select({ residentId: accessRights.residentId })
      .from(accessRights)
      .where(and(eq(accessRights.id, m.rightId), eq(accessRights.tenantId, device.tenantId)));
    residentId = r?.residentId ?? null;
  }
  if (residentId === null && m.method === 'card' && m.credential) {
    const [c] = await app.db
      .select({ residentId: accessCards.residentId })
      .from(accessCards)
      .where(and(eq(accessCards.tenantId, device.tenantId), eq(accessCards.cardNo, m.credential)));
    residentId = c?.residentId ?? null;
  }
  const [row] = await app.db
    .insert(accessEvents)
    .values({
      tenantId: device.tenantId,
      deviceId: device.id,
      imei: device.imei,
      communityId: place?.communityId ?? null,
      unitId: place?.unitId ?? null,
      residentId,
      rightId: m.rightId ?? null,
      method: m.method,
      credential: m.credential ?? null,
      granted: m.granted,
      reason: m.reason ?? (m.granted ? 'ok' : null),
      at: m.ts ? new Date(toMillis(m.ts)) : receivedAt,
    })
    .returning({ id: accessEvents.id });
  return row!.id;
}

/**
 * Door units' `access` uplinks become access events; an `accessSync` is answered with the unit's
 * list (the uplink pipeline's 'access-event' stage).
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const onUplink = (device: KnownDevice, m: Uplink, at: Date) => {
    if (device.kind !== 'doorUnit') return;
    if (m.kind === 'access')
      recordAccess(app, device, m, at).catch((err: unknown) =>
        app.log.warn({ err, imei: device.imei }, 'storing an access event failed'),
      );
    else if (m.kind === 'accessSync')
      pushToDevices(app, device.tenantId, [device.id]).catch((err: unknown) =>
        app.log.warn({ err, imei: device.imei }, 'answering an access sync failed'),
      );
  };
  const release = app.uplinks.use('access-event', onUplink);
  app.addHook('onClose', async () => release());
};

export default plugin;
