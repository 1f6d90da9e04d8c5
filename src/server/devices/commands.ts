import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { DELIVERY, DEVICE_STATE } from '../../shared/codes';
import { encodePayload } from '../../shared/devices/codec';
import { kindSupports } from '../../shared/devices/kinds';
import type { Downlink, SendCommandBody } from '../../shared/devices/protocol';
import type { DeviceSettings } from '../../shared/devices/settings';
import type { CommandAnswer } from '../../shared/devices/api';
import { topics } from '../../shared/topics';
import { deviceCommands, devices } from '../db/schema';
import { dateOf } from '../lib/clock';
import { fail } from '../lib/api-error';
import type { KnownDevice } from './hub';

/** The device facts a downlink needs. */
export interface Target {
  id: number;
  imei: string;
  tenantId: number;
  kind: string;
  state: number;
  messageType: string;
}

export interface Operator {
  id: number;
  name: string;
}

/** Publishes a downlink (QoS 1, in the device's encoding) and records whether the broker took it. */
async function deliver(app: FastifyInstance, device: Target, message: Downlink): Promise<number> {
  let status: number = DELIVERY.sent;
  try {
    await app.broker.publish(topics.deviceServer(device.imei), Buffer.from(encodePayload(message, device.messageType === 'cbor' ? 'cbor' : 'json')), { qos: 1 });
  } catch (err) {
    app.log.warn({ err, imei: device.imei, id: message.id }, 'downlink publish failed');
    status = DELIVERY.failed;
  }
  await app.db
    .update(deviceCommands)
    .set({ status, sentAt: status === DELIVERY.sent ? dateOf(app.clock) : null })
    .where(eq(deviceCommands.id, message.id));
  return status;
}

/** command/send: refused for kinds without the command and for devices not online (nothing stored). */
export async function sendCommand(app: FastifyInstance, device: Target, body: SendCommandBody, op: Operator): Promise<CommandAnswer> {
  if (!kindSupports(device.kind, body.cmd)) fail(Code.BAD_REQUEST, 'noCommand');
  if (device.state !== DEVICE_STATE.online) fail(Code.BAD_REQUEST, 'deviceOffline');
  const params = body.params as Record<string, unknown>;
  const [row] = await app.db
    .insert(deviceCommands)
    .values({ tenantId: device.tenantId, deviceId: device.id, imei: device.imei, cmd: body.cmd, params: JSON.stringify(params), status: DELIVERY.notSent, operatorId: op.id || null, operatorName: op.name })
    .returning({ id: deviceCommands.id });
  const id = row!.id;
  const status = await deliver(app, device, { kind: 'command', id, cmd: body.cmd, params });
  return { id, status };
}

/**
 * settings/save: stores the settings under a new version and records a 'settings' command. An
 * online device gets it now; an offline one when it next comes online (pushPendingSettings).
 */
export async function saveSettings(
  app: FastifyInstance,
  device: Target,
  settings: DeviceSettings,
  op: Operator,
): Promise<{ commandId: number; version: number; status: number }> {
  const { version, commandId } = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(devices)
      .set({ settings, settingsVersion: sql`${devices.settingsVersion} + 1`, updatedAt: dateOf(app.clock) })
      .where(eq(devices.id, device.id))
      .returning({ version: devices.settingsVersion });
    const v = updated!.version;
    const [cmd] = await tx
      .insert(deviceCommands)
      .values({ tenantId: device.tenantId, deviceId: device.id, imei: device.imei, cmd: 'settings', params: JSON.stringify({ version: v, settings }), status: DELIVERY.notSent, operatorId: op.id || null, operatorName: op.name })
      .returning({ id: deviceCommands.id });
    return { version: v, commandId: cmd!.id };
  });
  if (device.state !== DEVICE_STATE.online) return { commandId, version, status: DELIVERY.notSent };
  const status = await deliver(app, device, { kind: 'settings', id: commandId, settings });
  return { commandId, version, status };
}

/** On 'online': the newest settings command never sent goes out now. */
export async function pushPendingSettings(app: FastifyInstance, device: KnownDevice): Promise<void> {
  const [pending] = await app.db
    .select({ id: deviceCommands.id, params: deviceCommands.params })
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, device.id), eq(deviceCommands.cmd, 'settings'), eq(deviceCommands.status, DELIVERY.notSent)))
    .orderBy(desc(deviceCommands.id))
    .limit(1);
  if (!pending) return;
  const { settings } = JSON.parse(pending.params) as { settings: DeviceSettings };
  await deliver(app, device, { kind: 'settings', id: pending.id, settings });
}

/**
 * The device's ack of a command or settings push (called by the ingest). Acks for commands of
 * other devices are ignored, so a device cannot touch another's log.
 */
export async function applyAck(app: FastifyInstance, device: KnownDevice, ack: { ref: number; ok: boolean; msg?: string }, at: Date): Promise<void> {
  const [row] = await app.db
    .update(deviceCommands)
    .set({ ackOk: ack.ok, ackMsg: ack.msg ?? null, ackAt: at, status: ack.ok ? DELIVERY.sent : DELIVERY.failed })
    .where(and(eq(deviceCommands.id, ack.ref), eq(deviceCommands.deviceId, device.id)))
    .returning({ cmd: deviceCommands.cmd, params: deviceCommands.params });
  if (!row || row.cmd !== 'settings' || !ack.ok) return;
  let version: unknown;
  try {
    version = (JSON.parse(row.params) as { version?: unknown }).version;
  } catch {
    return;
  }
  if (typeof version !== 'number') return;
  await app.db
    .update(devices)
    .set({ settingsAckedVersion: sql`greatest(${devices.settingsAckedVersion}, ${version})` })
    .where(eq(devices.id, device.id));
}
