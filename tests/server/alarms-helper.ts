import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { encodePayload } from '../../src/shared/devices/codec';
import { topics } from '../../src/shared/topics';
import { alarmRecords, deviceAlarmConditions } from '../../src/server/db/schema';
import { until } from './ingest-helper';

/** Everything the ingest and the alarm engine hold is handled. */
export async function settle(app: FastifyInstance): Promise<void> {
  await app.ingest.drain();
  await app.alarmEngine.drain();
  // Events the drain itself produced (presence transitions) are handled too.
  await app.alarmEngine.drain();
}

/** A device message through the ingest, as an external broker would hand it over. */
export async function send(app: FastifyInstance, imei: string, message: object): Promise<void> {
  app.ingest.handle(topics.deviceUp(imei), Buffer.from(encodePayload(message, 'json')), null);
  await settle(app);
}

export const alarmsOf = (app: FastifyInstance, deviceId: number) =>
  app.db.select().from(alarmRecords).where(eq(alarmRecords.deviceId, deviceId)).orderBy(asc(alarmRecords.id));

export const conditionsOf = (app: FastifyInstance, deviceId: number) =>
  app.db.select().from(deviceAlarmConditions).where(eq(deviceAlarmConditions.deviceId, deviceId));

/** [type, recoveredType] of each record, in order. */
export const typesOf = async (app: FastifyInstance, deviceId: number) =>
  (await alarmsOf(app, deviceId)).map((r) => (r.recoveredType === null ? r.type : [r.type, r.recoveredType]));

/** Waits until the device has an alarm record of `type` (a device speaking over a socket raises it asynchronously). */
export const alarmRaised = (app: FastifyInstance, deviceId: number, type: number) =>
  until(
    async () =>
      (
        await app.db
          .select({ id: alarmRecords.id })
          .from(alarmRecords)
          .where(and(eq(alarmRecords.deviceId, deviceId), eq(alarmRecords.type, type)))
      ).length > 0,
    8_000,
    `alarm type ${type}`,
  );
