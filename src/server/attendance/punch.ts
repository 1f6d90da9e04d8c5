import type { FastifyInstance } from 'fastify';
import { recomputeUserDay } from './recompute';
import { localDayOf } from '../../shared/attendance/days';
import type { PunchSource } from '../../entities/attendance-punch/resource';
import { attendancePunches } from '../../entities/attendance-punch/table';

interface PunchInput {
  tenantId: number;
  /** users.id of the worker (a user of the tenant). */
  userId: number;
  at: Date;
  source: PunchSource;
  /** The device that saw the worker (helmet, wristband, door unit); none for the console. */
  imei?: string;
  note?: string;
}

/**
 * Stores one punch and recomputes the worker's attendance for that day (TIME_ZONE day of `at`).
 * The contract the punch sources (devices, console button, simulator) call.
 */
export async function recordPunch(app: FastifyInstance, input: PunchInput): Promise<void> {
  await app.db.insert(attendancePunches).values({
    tenantId: input.tenantId,
    userId: input.userId,
    at: input.at,
    source: input.source,
    imei: input.imei ?? null,
    note: input.note ?? null,
  });
  await recomputeUserDay(app, input.tenantId, input.userId, localDayOf(input.at, app.config.timeZone));
}
