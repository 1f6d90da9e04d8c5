import type { FastifyInstance } from 'fastify';
import type { CommandAnswer } from '../../shared/devices/api';
import type { SendCommandBody } from '../../shared/devices/protocol';
import { sendCommand, type Operator, type Target } from '../devices/commands';
import { deviceUid } from '../voice';

interface Invitation {
  /** The SFU room the device publishes into. */
  channel: string;
  /** The conference room number, or what the room is for ('monitor'). */
  roomId: string;
  /** The inviter's uid: the device receives them and leaves with them. Absent: it stays while watched. */
  by?: string;
  video: boolean;
  hide: boolean;
}

/**
 * A `videoCall` command (docs/device-protocol.md#video-calls): the device joins `channel` with
 * its uid and a token of the service's own signer, which goes to the device only (the stored
 * command keeps the rest). Refused like any command: unable kind, offline device.
 */
export function inviteDevice(
  app: FastifyInstance,
  device: Target,
  invitation: Invitation,
  op: Operator,
): Promise<CommandAnswer> {
  const uid = deviceUid(device.imei);
  const params = { ...invitation, uid };
  const { token } = app.mediaTokens.buildToken(invitation.channel, uid);
  return sendCommand(app, device, { imei: device.imei, cmd: 'videoCall', params } as unknown as SendCommandBody, op, {
    token,
  });
}
