import { sql } from 'drizzle-orm';
import { defineEntity } from '../../server/engine/registry';
import audioPush from './resource';
import { audioPushes } from './table';

const command = (column: string) =>
  sql.raw(
    `(select "device_commands"."${column}" from "device_commands" where "device_commands"."id" = "audio_pushes"."command_id")`,
  );

export default defineEntity({
  def: audioPush,
  table: audioPushes,
  computed: { status: command('status'), ackMsg: command('ack_msg'), ackAt: command('ack_at') },
});
