import { sql, type SQL } from 'drizzle-orm';
import type { SupervisionFigures } from '../../shared/dashboard';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { localDayTime } from './clock';
import { missedSql } from './check-ins';

const num = (v: unknown) => Number(v ?? 0);

/**
 * The supervision dashboard's (index5) figures of monitored persons, in one scan of the tenant's
 * persons: inside and outside their fences (the evaluator's stored state), bracelets removed
 * (a raised wearing condition), low battery (a raised low-battery condition), today's check-ins
 * and the check-ins missed (the window closed without one).
 */
export async function supervisionFigures(
  db: Db,
  tenantOf: (alias: string) => SQL,
  now: number,
  timeZone: string,
): Promise<SupervisionFigures> {
  const { day } = localDayTime(now, timeZone);
  const res = await db.execute(sql`select count(*) as persons,
      count(*) filter (where s.inside) as inside,
      count(*) filter (where s.inside = false) as outside,
      count(*) filter (where exists (select 1 from device_alarm_conditions c where c.device_id = p.device_id and c.type = 4 and c.raised = 1)) as removed,
      count(*) filter (where exists (select 1 from device_alarm_conditions c where c.device_id = p.device_id and c.type = 9 and c.raised = 1)) as low_battery,
      count(*) filter (where p.last_check_in_day = ${day}) as checked_in,
      count(*) filter (where ${missedSql(now, timeZone)}) as missed
    from monitored_persons p left join fence_device_states s on s.fence_id = p.fence_id and s.device_id = p.device_id
    where ${tenantOf('p')} and p.start_date <= ${day} and p.end_date >= ${day}`);
  const r = rowsOf<Record<string, unknown>>(res)[0] ?? {};
  return {
    persons: num(r.persons),
    inside: num(r.inside),
    outside: num(r.outside),
    removed: num(r.removed),
    lowBattery: num(r.low_battery),
    checkedIn: num(r.checked_in),
    missedCheckIns: num(r.missed),
  };
}
