import type { FastifyInstance } from 'fastify';
import { PUNCH_SOURCE } from '../../src/entities/attendance-punch';
import { recordPunch } from '../../src/server/attendance';
import { localInstant } from '../../src/shared/attendance/days';
import { addUser } from './fixtures';
import { post } from './helper';

/** A valid attendance rule body (4 punches, Monday to Saturday). */
export const ATTENDANCE_RULE_BODY = {
  punchCount: 4,
  type: 2,
  amStart: '08:30',
  amLate: '09:00',
  amEnd: '12:00',
  pmStart: '13:30',
  pmLate: '14:00',
  pmEnd: '17:30',
  status: 1,
};

const made = new Set<number>();

/**
 * The attendance rows of a tenant for the registry-wide suites: a rule (its times in order), a
 * worker's punch through recordPunch, and the record it computes. Once per tenant: the rule,
 * punch and record entries all lead here.
 */
export function createAttendanceRows(tenantOf: (token: string) => number) {
  const make = async (app: FastifyInstance, token: string) => {
    const tenant = tenantOf(token);
    if (made.has(tenant)) return;
    made.add(tenant);
    const res = await post(
      app,
      '/api/user/attendanceRule/add',
      { ...ATTENDANCE_RULE_BODY, name: `isoArule${tenant}` },
      { token },
    );
    if (res.code !== 0) throw new Error(`attendanceRule add: ${res.msg}`);
    const worker = await addUser(app, { tenant, username: `isoAworker${tenant}` });
    await recordPunch(app, {
      tenantId: tenant,
      userId: worker,
      at: localInstant('2026-11-02', 8 * 60 + 10, app.config.timeZone),
      source: PUNCH_SOURCE.console,
    });
  };
  return { 'user/attendanceRule': make, 'user/attendancePunch': make, 'user/attendanceRecord': make };
}
