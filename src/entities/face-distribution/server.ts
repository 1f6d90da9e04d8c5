import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import faceDistribution from './resource';
import { faceDistributions } from './table';

const command = (column: string) =>
  sql.raw(`(select c.${column} from device_commands c where c.id = "face_distributions"."command_id")`);

export default defineEntity({
  def: faceDistribution,
  table: faceDistributions,
  computed: {
    deviceName: sql<string>`(select d.name from devices d where d.id = ${qualified(faceDistributions.deviceId)})`,
    // FACE_DELIVERY: 1 pending, 2 sent, 3 acknowledged, 4 failed.
    delivery: sql<number>`(case when ${command('ack_ok')} is true then 3 when ${command('ack_ok')} is false or ${command('status')} = 4 then 4 when ${command('status')} = 3 then 2 else 1 end)`,
    ackAt: command('ack_at'),
  },
});
