import { sql } from 'drizzle-orm';
import { DELIVERY } from '../../shared/codes';
import { deviceCommands } from '../device-command/table';
import { devices } from '../device/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { adDeliveries } from '../advertisement/table';
import adDelivery, { AD_DELIVERY } from './resource';

/** The command that says where the delivery stands: the withdrawal once withdrawn, else the push. */
const command = sql`case when ${qualified(adDeliveries.withdrawn)} then ${qualified(adDeliveries.withdrawCommandId)} else ${qualified(adDeliveries.commandId)} end`;
const of = (column: string) => sql.raw(`c.${column}`);
const n = (v: number) => sql.raw(String(v));

// The table lives with the advertisements; state and ack are the commands' (src/server/devices/commands.ts).
export default defineEntity({
  def: adDelivery,
  table: adDeliveries,
  computed: {
    deviceName: sql<
      string | null
    >`(select ${qualified(devices.name)} from ${devices} where ${qualified(devices.id)} = ${qualified(adDeliveries.deviceId)})`,
    state: sql<number>`(select case
      when ${qualified(adDeliveries.withdrawn)} then (case when ${of('ack_ok')} then ${n(AD_DELIVERY.withdrawn)} else ${n(AD_DELIVERY.withdrawing)} end)
      when ${of('ack_ok')} then ${n(AD_DELIVERY.acknowledged)}
      when ${of('ack_ok')} = false or ${of('status')} = ${n(DELIVERY.failed)} then ${n(AD_DELIVERY.failed)}
      when ${of('status')} = ${n(DELIVERY.sent)} then ${n(AD_DELIVERY.sent)}
      else ${n(AD_DELIVERY.pending)} end
      from (select 1) one left join ${deviceCommands} c on c.id = ${command})`,
    ackMsg: sql<string | null>`(select c.ack_msg from ${deviceCommands} c where c.id = ${command})`,
    ackAt: sql<string | null>`(select c.ack_at from ${deviceCommands} c where c.id = ${command})`,
  },
});
