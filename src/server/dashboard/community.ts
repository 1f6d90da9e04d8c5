import { sql, type SQL } from 'drizzle-orm';
import { ALARM_TYPE_BY_KEY } from '../../shared/alarms/types';
import type { CommunityFigures } from '../../shared/dashboard';
import { ANSWER_WINDOW_S } from '../../shared/devices/access';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';

const num = (v: unknown): number => Number(v ?? 0) || 0;

/**
 * The community dashboard's figures (/index3): occupancy (rooms with a bound resident out
 * of all rooms), door calls answered and missed over the period, access events by method (and how
 * many were refused), cards in use, residents' faces awaiting review (helper FACES' face_reviews)
 * and ads on door-unit screens now (helper ADS' acknowledged, not withdrawn deliveries).
 * `tenant` is the SQL test of an alias's tenant (`true` for the platform).
 */
export async function communityFigures(
  db: Db,
  tenant: (alias: string) => SQL,
  from: Date,
  to: Date,
): Promise<CommunityFigures> {
  const period = (col: string) =>
    sql`${sql.raw(col)} >= ${from.toISOString()}::timestamptz and ${sql.raw(col)} <= ${to.toISOString()}::timestamptz`;
  const [counts, calls, methods] = await Promise.all([
    db.execute(sql`select
        (select count(*) from rooms r where ${tenant('r')}) as rooms,
        (select count(distinct s.room_id) from residents s where ${tenant('s')} and s.review_state in (1, 5, 6)) as occupied,
        (select count(*) from access_cards c where ${tenant('c')} and not c.revoked) as cards,
        (select count(*) from face_reviews f where ${tenant('f')} and f.state = 0) as faces,
        (select count(distinct d.ad_id) from ad_deliveries d join device_commands k on k.id = d.command_id
          where ${tenant('d')} and not d.withdrawn and k.ack_ok) as ads`),
    db.execute(sql`select count(*) as calls, count(*) filter (where exists (select 1 from access_events e where e.device_id = a.device_id
          and e.method in ('remote', 'call') and e.at >= a.ts and e.at <= a.ts + make_interval(secs => ${ANSWER_WINDOW_S}))) as answered
        from alarm_records a where ${tenant('a')} and a.type = ${ALARM_TYPE_BY_KEY.doorCall} and ${period('a.ts')}`),
    db.execute(sql`select e.method, count(*) as n, count(*) filter (where not e.granted) as refused from access_events e
        where ${tenant('e')} and ${period('e.at')} group by 1`),
  ]);
  const c = rowsOf<Record<string, unknown>>(counts)[0] ?? {};
  const k = rowsOf<{ calls: unknown; answered: unknown }>(calls)[0];
  const m = rowsOf<{ method: string; n: unknown; refused: unknown }>(methods);
  const rooms = num(c.rooms);
  const occupied = num(c.occupied);
  return {
    rooms,
    occupiedRooms: occupied,
    occupancy: rooms ? occupied / rooms : null,
    doorCallsAnswered: num(k?.answered),
    doorCallsMissed: num(k?.calls) - num(k?.answered),
    accessByMethod: Object.fromEntries(m.map((r) => [r.method, num(r.n)])),
    accessRefused: m.reduce((n, r) => n + num(r.refused), 0),
    cardsIssued: num(c.cards),
    facesPending: num(c.faces),
    adsPlaying: num(c.ads),
  };
}
