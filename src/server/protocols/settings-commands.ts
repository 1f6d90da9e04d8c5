import type { DeviceSettings } from '../../shared/devices/settings';
import type { OutCommand, StreamCodec } from './types';

/**
 * A settings push said in a protocol's commands (docs/protocols.md "Commands"): the position
 * interval to any that takes setInterval; a watch's SOS numbers and do-not-disturb periods. What
 * the protocol cannot say is left out; each command carries the push's id for its answer.
 */
export function settingsCommands(id: number, settings: Partial<DeviceSettings>, codec: StreamCodec): OutCommand[] {
  const out: OutCommand[] = [];
  const can = (cmd: string) => codec.commands.includes(cmd);
  if (settings.positionInterval !== undefined && can('setInterval'))
    out.push({ id, cmd: 'setInterval', params: { seconds: settings.positionInterval * 60 } });
  if (settings.sosNumbers?.length && can('sosNumbers'))
    out.push({ id, cmd: 'sosNumbers', params: { numbers: settings.sosNumbers } });
  if (settings.doNotDisturb?.length && can('doNotDisturb'))
    out.push({ id, cmd: 'doNotDisturb', params: { periods: settings.doNotDisturb } });
  return out;
}
