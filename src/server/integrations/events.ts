import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ALARM_TYPES } from '../../shared/alarms/types';
import type { AlarmPatch, AlarmRecord } from '../../shared/alarms/push';
import type { Uplink } from '../../shared/devices/protocol';
import { toMillis } from '../../shared/devices/protocol';
import type { AlarmContext } from '../alarms/hub';
import type { KnownDevice } from '../devices/hub';
import type { Outbox } from './outbox';
import type { IntegrationEvent, IntegrationEventType } from './target';

/**
 * The console's domain events as integration events (docs/integrations.md "Events"): each
 * listener builds the event's `data` from what the event carries and queues it; nothing here
 * waits for the database. Event ids are derived from what happened (the alarm, the step, the
 * device and its time), so writing one twice, from a retry or another replica, is one row per
 * target. `data` holds ids, the device's IMEI, kind and name, types, levels, places and times of
 * the event's own tenant: never a secret, a phone number or another tenant's row.
 */
const FENCE_EXIT = 20;
const FENCE_ENTRY = 21;

const typeKey = (type: number) => (ALARM_TYPES as Record<number, { key: string } | undefined>)[type]?.key ?? null;

function event(
  type: IntegrationEventType,
  id: string,
  tenantId: number,
  occurredAt: Date | string,
  data: Record<string, unknown>,
): IntegrationEvent {
  return {
    id,
    version: 1,
    type,
    tenantId,
    occurredAt: new Date(occurredAt).toISOString(),
    data,
  };
}

/** alarm.raised (and fence.entry / fence.exit for the fence alarms). */
function alarmEvents(alarm: AlarmRecord, context: Pick<AlarmContext, 'deviceId'>): IntegrationEvent[] {
  const data = {
    alarmId: alarm.id,
    alarmType: alarm.type,
    alarmTypeKey: typeKey(alarm.type),
    level: alarm.level,
    title: alarm.title,
    deviceId: context.deviceId,
    imei: alarm.imei,
    deviceName: alarm.deviceName,
    deviceKind: alarm.deviceKind,
    personName: alarm.personName,
    value: alarm.value,
    threshold: alarm.threshold,
    lat: alarm.lat,
    lng: alarm.lon,
    location: alarm.location,
    deviceTime: new Date(alarm.ts).toISOString(),
    raisedAt: new Date(alarm.createdAt).toISOString(),
  };
  const out = [event('alarm.raised', `alarm.raised:${alarm.id}`, alarm.tenantId, alarm.createdAt, data)];
  if (alarm.type === FENCE_ENTRY || alarm.type === FENCE_EXIT) {
    const type = alarm.type === FENCE_ENTRY ? 'fence.entry' : 'fence.exit';
    out.push(
      event(type, `${type}:${alarm.id}`, alarm.tenantId, alarm.ts, {
        alarmId: alarm.id,
        fence: alarm.title,
        deviceId: context.deviceId,
        imei: alarm.imei,
        deviceName: alarm.deviceName,
        deviceKind: alarm.deviceKind,
        lat: alarm.lat,
        lng: alarm.lon,
        crossedAt: new Date(alarm.ts).toISOString(),
      }),
    );
  }
  return out;
}

/** alarm.acknowledged and alarm.handled from a stored change of alarm records. */
function patchEvents(tenantId: number, ids: number[], patch: AlarmPatch, now: Date): IntegrationEvent[] {
  const out: IntegrationEvent[] = [];
  for (const alarmId of ids) {
    if (patch.ackedAt)
      out.push(
        event('alarm.acknowledged', `alarm.acknowledged:${alarmId}`, tenantId, patch.ackedAt, {
          alarmId,
          acknowledgedAt: new Date(patch.ackedAt).toISOString(),
          acknowledgedBy: patch.ackedByName ?? null,
        }),
      );
    if (patch.handleState !== undefined && patch.handleState !== 0)
      out.push(
        event('alarm.handled', `alarm.handled:${alarmId}`, tenantId, now, {
          alarmId,
          handleState: patch.handleState,
          handledAt: now.toISOString(),
        }),
      );
  }
  return out;
}

function escalatedEvent(tenantId: number, alarmId: number, steps: number[], at: Date): IntegrationEvent {
  return event('alarm.escalated', `alarm.escalated:${alarmId}:${steps.join('-')}`, tenantId, at, {
    alarmId,
    // 1-based, as the policy screen numbers them.
    steps: steps.map((s) => s + 1),
    escalatedAt: at.toISOString(),
  });
}

function presenceEvent(device: KnownDevice, online: boolean, at: Date): IntegrationEvent {
  const type = online ? 'device.online' : 'device.offline';
  return event(type, `${type}:${device.id}:${at.getTime()}`, device.tenantId, at, {
    deviceId: device.id,
    imei: device.imei,
    deviceKind: device.kind,
    deviceName: null,
  });
}

/** device.position and door.call from an accepted uplink; undefined for the other kinds. */
function uplinkEvent(device: KnownDevice, message: Uplink, receivedAt: Date): IntegrationEvent | undefined {
  const at = message.ts !== undefined ? new Date(toMillis(message.ts)) : receivedAt;
  if (message.kind === 'location') {
    if (message.lat === undefined || message.lon === undefined || message.valid === false) return undefined;
    return event('device.position', `device.position:${device.id}:${at.getTime()}`, device.tenantId, at, {
      deviceId: device.id,
      imei: device.imei,
      deviceKind: device.kind,
      deviceName: null,
      lat: message.lat,
      lng: message.lon,
      alt: message.alt ?? null,
      speed: message.speed ?? null,
      heading: message.heading ?? null,
      accuracy: message.accuracy ?? null,
      source: message.source,
      fixedAt: at.toISOString(),
    });
  }
  if (message.kind === 'call' && device.kind === 'doorUnit')
    return event('door.call', `door.call:${device.id}:${at.getTime()}`, device.tenantId, at, {
      deviceId: device.id,
      imei: device.imei,
      deviceName: null,
      community: message.community ?? null,
      building: message.building ?? null,
      unit: message.unit ?? null,
      roomNo: message.roomNo,
      calledAt: at.toISOString(),
    });
  return undefined;
}

/** The 'test' event of an endpoint's "send a test event". */
export function testEvent(tenantId: number, now: Date): IntegrationEvent {
  return event('test', `test:${randomUUID()}`, tenantId, now, { message: 'A test event from the safety console' });
}

/**
 * Subscribes the outbox to the alarm hub, the device hub's presence and the uplink pipeline's
 * 'integrations' stage (domain events, never URLs); returns the unsubscribe for the plugin's onClose.
 */
export function subscribeEvents(app: FastifyInstance, outbox: Outbox): () => void {
  const now = () => new Date(app.clock.now());
  const onRaised = (alarm: AlarmRecord, context: AlarmContext) => {
    for (const e of alarmEvents(alarm, context)) outbox.publish({ event: e, deviceId: context.deviceId });
  };
  const onUpdated = (tenantId: number, ids: number[], patch: AlarmPatch) => {
    for (const e of patchEvents(tenantId, ids, patch, now())) outbox.publish({ event: e });
  };
  const onEscalated = (tenantId: number, alarmId: number, steps: number[], at: Date) =>
    outbox.publish({ event: escalatedEvent(tenantId, alarmId, steps, at) });
  const onOnline = (device: KnownDevice) =>
    outbox.publish({ event: presenceEvent(device, true, now()), deviceId: device.id });
  const onOffline = (device: KnownDevice) =>
    outbox.publish({ event: presenceEvent(device, false, now()), deviceId: device.id });
  const onUplink = (device: KnownDevice, message: Uplink, receivedAt: Date) => {
    if (message.kind !== 'location' && message.kind !== 'call') return;
    // Most sites forward no positions: the event is not even built for them.
    if (!outbox.wants(device.tenantId, message.kind === 'location' ? 'device.position' : 'door.call')) return;
    const e = uplinkEvent(device, message, receivedAt);
    if (e) outbox.publish({ event: e, deviceId: device.id });
  };
  app.alarmHub.on('raised', onRaised);
  app.alarmHub.on('updated', onUpdated);
  app.alarmHub.on('escalated', onEscalated);
  app.deviceHub.on('online', onOnline);
  app.deviceHub.on('offline', onOffline);
  const release = app.uplinks.use('integrations', onUplink);
  return () => {
    app.alarmHub.off('raised', onRaised);
    app.alarmHub.off('updated', onUpdated);
    app.alarmHub.off('escalated', onEscalated);
    app.deviceHub.off('online', onOnline);
    app.deviceHub.off('offline', onOffline);
    release();
  };
}
