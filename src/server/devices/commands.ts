import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { DELIVERY, DEVICE_STATE } from '../../shared/codes';
import { encodePayload } from '../../shared/devices/codec';
import { kindSupports, type CommandName } from '../../shared/devices/kinds';
import type { Downlink, SendCommandBody } from '../../shared/devices/protocol';
import type { DeviceSettings } from '../../shared/devices/settings';
import type { BatchCommandResult, CommandAck, CommandAnswer } from '../../shared/devices/api';
import { topics } from '../../shared/topics';
import { deviceCommands, devices } from '../db/schema';
import { dateOf } from '../lib/clock';
import { ApiError, fail } from '../lib/api-error';
import { perTurn } from '../lib/turn-batch';
import type { KnownDevice } from './hub';

/** The device facts a downlink needs. */
export interface Target {
  id: number;
  imei: string;
  tenantId: number;
  kind: string;
  state: number;
  messageType: string;
  /** The 4G gateway the device sits behind, if any. */
  gatewayId?: number | null;
  /** The device's last report: a breaker's `locked` is read from it. */
  lastValues?: Record<string, number>;
}

export interface Operator {
  id: number;
  name: string;
}

/** Publishes a downlink (QoS 1, in the device's encoding) and records whether the broker took it. */
export async function deliver(app: FastifyInstance, device: Target, message: Downlink): Promise<number> {
  let status: number = DELIVERY.sent;
  try {
    await app.broker.publish(
      topics.deviceServer(device.imei),
      Buffer.from(encodePayload(message, device.messageType === 'cbor' ? 'cbor' : 'json')),
      { qos: 1 },
    );
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

/**
 * A device behind an offline 4G gateway cannot be reached; a locked breaker refuses open and close
 * until unlocked (docs/device-protocol.md#breakers-and-gateways). The device nacks a switch while
 * locked anyway: refusing here tells the operator at once, without a command that can only fail.
 */
async function refuseUnreachable(app: FastifyInstance, device: Target, body: SendCommandBody): Promise<void> {
  if (device.gatewayId) {
    const [gateway] = await app.db
      .select({ state: devices.state })
      .from(devices)
      .where(eq(devices.id, device.gatewayId));
    if (gateway && gateway.state !== DEVICE_STATE.online) fail(Code.BAD_REQUEST, 'gatewayOffline');
  }
  if (body.cmd === 'switch' && device.lastValues?.locked === 1) fail(Code.BAD_REQUEST, 'deviceLocked');
}

/**
 * command/send: refused for kinds without the command and for devices not online (nothing stored).
 * `secret` parameters (a media token) go to the device but are not stored with the command.
 */
export async function sendCommand(
  app: FastifyInstance,
  device: Target,
  body: SendCommandBody,
  op: Operator,
  secret: Record<string, unknown> = {},
): Promise<CommandAnswer> {
  if (!kindSupports(device.kind, body.cmd)) fail(Code.BAD_REQUEST, 'noCommand');
  if (device.state !== DEVICE_STATE.online) fail(Code.BAD_REQUEST, 'deviceOffline');
  await refuseUnreachable(app, device, body);
  const params = body.params as Record<string, unknown>;
  const [row] = await app.db
    .insert(deviceCommands)
    .values({
      tenantId: device.tenantId,
      deviceId: device.id,
      imei: device.imei,
      cmd: body.cmd,
      params: JSON.stringify(params),
      status: DELIVERY.notSent,
      operatorId: op.id || null,
      operatorName: op.name,
    })
    .returning({ id: deviceCommands.id });
  const id = row!.id;
  const status = await deliver(app, device, { kind: 'command', id, cmd: body.cmd, params: { ...params, ...secret } });
  return { id, status };
}

/**
 * One command to many devices (controlBar, pubMusic): each device is answered on its own, so an
 * offline or unknown device is refused ('deviceOffline', 'notFound', 'noCommand') while the others
 * get the command. `devices` are the caller's devices among the IMEIs asked for.
 */
export async function sendCommandToMany(
  app: FastifyInstance,
  imeis: readonly string[],
  devicesInScope: readonly Target[],
  body: { cmd: CommandName; params: Record<string, unknown> },
  op: Operator,
): Promise<BatchCommandResult[]> {
  const byImei = new Map(devicesInScope.map((d) => [d.imei, d]));
  const results: BatchCommandResult[] = [];
  for (const imei of imeis) {
    const device = byImei.get(imei);
    if (!device) {
      results.push({ imei, key: 'notFound' });
      continue;
    }
    try {
      const answer = await sendCommand(app, device, { imei, ...body } as SendCommandBody, op);
      results.push({ imei, ...answer });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results.push({ imei, key: err.key });
    }
  }
  return results;
}

/** Delivery state and acknowledgement of commands, limited to `where` (the caller's tenant). */
export async function commandAcks(
  app: FastifyInstance,
  ids: readonly number[],
  where: SQL | undefined,
): Promise<CommandAck[]> {
  const rows = await app.db
    .select({
      id: deviceCommands.id,
      imei: deviceCommands.imei,
      cmd: deviceCommands.cmd,
      status: deviceCommands.status,
      ackOk: deviceCommands.ackOk,
      ackMsg: deviceCommands.ackMsg,
      ackAt: deviceCommands.ackAt,
    })
    .from(deviceCommands)
    .where(and(inArray(deviceCommands.id, [...ids]), where));
  return rows.map((r) => ({ ...r, ackAt: r.ackAt ? new Date(r.ackAt).toISOString() : null }));
}

/**
 * settings/save: stores the settings under a new version and records a 'settings' command. An
 * online device gets it now; an offline one when it next comes online (pendingSettingsPusher).
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
      .values({
        tenantId: device.tenantId,
        deviceId: device.id,
        imei: device.imei,
        cmd: 'settings',
        params: JSON.stringify({ version: v, settings }),
        status: DELIVERY.notSent,
        operatorId: op.id || null,
        operatorName: op.name,
      })
      .returning({ id: deviceCommands.id });
    return { version: v, commandId: cmd!.id };
  });
  if (device.state !== DEVICE_STATE.online) return { commandId, version, status: DELIVERY.notSent };
  const status = await deliver(app, device, { kind: 'settings', id: commandId, settings });
  return { commandId, version, status };
}

/** The newest settings command never sent of each device in `ids` that has one. */
async function pendingSettings(
  app: FastifyInstance,
  ids: number[],
): Promise<Map<number, { id: number; settings: DeviceSettings }>> {
  const rows = await app.db
    .selectDistinctOn([deviceCommands.deviceId], {
      deviceId: deviceCommands.deviceId,
      id: deviceCommands.id,
      params: deviceCommands.params,
    })
    .from(deviceCommands)
    .where(
      and(
        inArray(deviceCommands.deviceId, ids),
        eq(deviceCommands.cmd, 'settings'),
        eq(deviceCommands.status, DELIVERY.notSent),
      ),
    )
    .orderBy(deviceCommands.deviceId, desc(deviceCommands.id));
  return new Map(
    rows.map((r) => [
      r.deviceId,
      { id: r.id, settings: (JSON.parse(r.params) as { settings: DeviceSettings }).settings },
    ]),
  );
}

/**
 * On 'online': the newest settings command never sent goes out now. The devices coming online in
 * one turn are looked up together: after a restart a whole fleet reconnects within seconds, and
 * one statement per device held PGlite's one connection against the ingest.
 */
export function pendingSettingsPusher(app: FastifyInstance): (device: KnownDevice) => Promise<void> {
  const pendingOf = perTurn((ids: number[]) => pendingSettings(app, ids));
  return async (device) => {
    const pending = await pendingOf(device.id);
    if (pending) await deliver(app, device, { kind: 'settings', id: pending.id, settings: pending.settings });
  };
}

/**
 * The device's ack of a command or settings push (called by the ingest). Acks for commands of
 * other devices are ignored, so a device cannot touch another's log.
 */
export async function applyAck(
  app: FastifyInstance,
  device: KnownDevice,
  ack: { ref: number; ok: boolean; msg?: string },
  at: Date,
): Promise<void> {
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
