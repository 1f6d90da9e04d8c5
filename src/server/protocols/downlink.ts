/**
 * What a downlink published for a device (`sfwatch/{imei}/server`) becomes on its protocol
 * connection (docs/protocols.md "Commands"): the frames of its command, or of the settings its
 * protocol can say, or why none can be sent.
 */
import { decodePayload } from '../../shared/devices/codec';
import { downlinkSchema } from '../../shared/devices/protocol';
import { settingsCommands } from './settings-commands';
import type { Session, StreamCodec } from './types';

/** undefined: not a downlink (nothing to answer); `refused`: acknowledged as failed, with the reason. */
export function downlinkFrames(
  payload: Buffer,
  codec: StreamCodec,
  session: Session,
  now: number,
): { id: number; frames: Buffer[] } | { id: number; refused: string } | undefined {
  const parsed = (() => {
    try {
      return downlinkSchema.safeParse(decodePayload(payload).value);
    } catch {
      return undefined;
    }
  })();
  if (!parsed?.success) return undefined;
  const message = parsed.data;
  const commands =
    message.kind === 'command'
      ? [{ id: message.id, cmd: message.cmd, params: message.params }]
      : settingsCommands(message.id, message.settings, codec);
  const frames: Buffer[] = [];
  for (const command of commands) {
    try {
      const frame = codec.encode(command, session, now);
      if (!frame) return { id: message.id, refused: `${codec.name} has no ${command.cmd} command` };
      frames.push(frame);
    } catch (err) {
      return { id: message.id, refused: (err as Error).message };
    }
  }
  if (!frames.length) return { id: message.id, refused: `${codec.name} takes none of these settings` };
  return { id: message.id, frames };
}
