import type { AlarmPatch } from '../../shared/alarms/push';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_CODE, type AlarmRecord } from '../../shared/alarms/push';
import type { Uplink } from '../../shared/devices/protocol';
import { JOB_PUSH_CODE, type Job } from '../../shared/jobs';
import { topics } from '../../shared/topics';
import type { AnnouncementPush } from '../../shared/announcements';
import type { AlarmContext } from '../alarms/hub';
import type { Broker } from '../broker/types';
import type { KnownDevice } from '../devices/hub';
import { callChannel, consoleUid, deviceUid, type VoiceProvider } from '../voice';
import {
  alarmPush,
  alarmUpdatePush,
  cardPush,
  CRITICAL_LEVEL,
  doorCallPush,
  reminderNotice,
  SOS_TYPE,
  sosPush,
  sosReminderPush,
  voiceNotice,
} from './payloads';
import { PushLanes, type Lane } from './lanes';
import type { RecipientCache } from './recipients';
import { ConsoleReminders, type OpenAlarm } from './reminders';
import type { VoiceSockets } from './voice-socket';
import type { PriorityGate } from '../lib/priority';

interface PushDeps {
  broker: Pick<Broker, 'publish' | 'backlog'>;
  recipients: Pick<RecipientCache, 'get' | 'invalidate'>;
  voice: VoiceProvider;
  sockets: Pick<VoiceSockets, 'send'>;
  log: FastifyBaseLogger;
  now: () => number;
  /**
   * The consoles a door call or SOS of a device goes to instead of everyone: the property staff on
   * duty for its community (src/entities/property-staff/routing.ts); undefined keeps everyone.
   */
  duty?: (tenantId: number, imei: string, what: 'doorCall' | 'sos') => Promise<number[] | undefined>;
  /**
   * Users who watch a device beyond the alarm viewers: the supervisors of the monitored person
   * wearing it (src/server/supervision/watchers.ts), who get its alarms without an alarm menu.
   */
  watchers?: (tenantId: number, imei: string) => Promise<number[]>;
  /** Held while a critical alarm or a door call is pushed (its recipient look-ups): background writers wait. */
  priority?: Pick<PriorityGate, 'enter'>;
  /** How often a console may be reminded of its open alarms (reminders.ts REMIND_MS). */
  remindMs?: number;
  /** A critical alarm to its recipients' phones (Web Push, src/server/webpush/): started after the consoles' push, never awaited. */
  phones?: (userIds: number[], alarm: AlarmRecord, context: AlarmContext, forced?: number[]) => void;
  /** A door call to the same staff's phones (opening the app to answer): started beside the consoles' push, never awaited. */
  doorPhones?: (tenantId: number, userIds: number[], imei: string, roomNo: string | undefined) => void;
}

type Call = Extract<Uplink, { kind: 'call' }>;

/** The longest an SOS's alarm record (9001) waits for its notices (9003) to be delivered. */
export const SOS_LEAD_MS = 100;

/**
 * Server-side push to consoles: alarms, SOS, door calls and card notices on `acm/{userId}/web`
 * of the users of the device's tenant who may see alarms (recipients.ts), never another
 * tenant's. Every entry point returns at once; delivery runs behind it and only logs failures,
 * so a slow broker or database never holds up the ingest or the alarm engine.
 */
export class PushService {
  private readonly lanes: PushLanes;
  /** An escalation's console rings, one reminder per console per interval (reminders.ts). */
  readonly reminders: ConsoleReminders;
  /** Reminders of one flush are mostly alike (every console has the same open SOS): encoded once. */
  private lastReminder: { key: string; body: Buffer } | undefined;

  constructor(private readonly deps: PushDeps) {
    const { broker } = deps;
    this.lanes = new PushLanes({
      publish: (topic, body, opts) => broker.publish(topic, body, opts),
      backlog: broker.backlog ? () => broker.backlog!() : undefined,
    });
    this.reminders = new ConsoleReminders({
      now: deps.now,
      intervalMs: deps.remindMs,
      send: (userId, open) => this.remind(userId, open),
    });
  }

  /** Pushes waiting for their turn, and consoles waiting for their reminder. */
  get waiting(): { pushes: number; reminders: number } {
    return { pushes: this.lanes.waiting, reminders: this.reminders.waiting };
  }

  /** Drops reminders not yet sent (the service is closing). */
  close(): void {
    this.reminders.clear();
  }

  raised(alarm: AlarmRecord, context: AlarmContext): void {
    this.run('alarm push', { alarmId: alarm.id, urgent: alarm.level >= CRITICAL_LEVEL }, async () => {
      const sos = alarm.type === SOS_TYPE;
      // The look-ups side by side (each is a cache hit in steady operation, a statement when cold).
      const [viewers, extra, onDuty] = await Promise.all([
        this.deps.recipients.get(alarm.tenantId),
        this.watchersOf(alarm.tenantId, alarm.imei),
        sos ? this.onDuty(alarm.tenantId, alarm.imei, 'sos') : undefined,
      ]);
      const ids = extra.length ? [...new Set([...viewers, ...extra])] : viewers;
      const critical = alarm.level >= CRITICAL_LEVEL;
      if (critical) this.deps.sockets.send(ids, voiceNotice(alarm));
      // A new critical alarm's first push goes ahead of every reminder and other push (lanes.ts).
      if (!sos) {
        const consoles = this.toEach(ids, alarmPush(alarm), 1, critical ? 'urgent' : 'normal');
        if (critical) this.deps.phones?.(ids, alarm, context);
        return consoles;
      }
      // The SOS notice (the console's SOS dialog) goes out before the alarm record: the broker
      // delivers in order, so at a thousand consoles the last dialog waited behind every console's
      // 9001; sent side by side, the 9001s took turns with the dialogs' tail. The record follows
      // once the notices are delivered, or after SOS_LEAD_MS should a console be slow to take its
      // notice, as work of its own: the priority gate is held for the notices only
      // (docs/performance.md, "Push: where the time went").
      const notices = this.toEach(onDuty ?? ids, sosPush(alarm, context), 1, 'urgent');
      // The on-duty staff get an SOS on their phones whatever kinds they chose.
      this.deps.phones?.(onDuty ?? ids, alarm, context, onDuty);
      let lead: NodeJS.Timeout | undefined;
      await Promise.race([notices.catch(() => {}), new Promise((r) => (lead = setTimeout(r, SOS_LEAD_MS)))]);
      clearTimeout(lead);
      this.run('alarm push', { alarmId: alarm.id }, () => this.toEach(ids, alarmPush(alarm), 1));
      await notices;
    });
  }

  /**
   * Who the raise of `alarm` told: its viewers and watchers, and for an SOS the consoles its dialog
   * went to (the staff on duty, else the viewers). An escalation's first step rings them again.
   */
  async audience(alarm: AlarmRecord): Promise<{ viewers: number[]; told: number[] }> {
    const [viewers, extra, onDuty] = await Promise.all([
      this.deps.recipients.get(alarm.tenantId),
      this.watchersOf(alarm.tenantId, alarm.imei),
      alarm.type === SOS_TYPE ? this.onDuty(alarm.tenantId, alarm.imei, 'sos') : undefined,
    ]);
    const all = extra.length ? [...new Set([...viewers, ...extra])] : viewers;
    return { viewers, told: onDuty ? [...new Set([...onDuty, ...all])] : all };
  }

  /** The staff on duty for the device's community (an SOS's routing), or undefined when none is. */
  onDutyFor(tenantId: number, imei: string): Promise<number[] | undefined> {
    return this.onDuty(tenantId, imei, 'sos');
  }

  /**
   * Rings these consoles for an alarm nobody acknowledged yet (an escalation step). Coalesced per
   * console (reminders.ts): each console gets one reminder per interval whatever the number of
   * alarms rung for it, spoken on its voice socket, with the SOS dialog (9003, listing the open SOS)
   * and the record (9001) of each other alarm, which opens the critical alarm's dialog and rings;
   * they go in the reminder lane, behind every new alarm. Resolves once the rings are taken for
   * their reminder; a failed publish is logged.
   */
  async ring(ids: number[], alarm: AlarmRecord, context: AlarmContext): Promise<void> {
    if (ids.length === 0) return;
    this.reminders.add(ids, alarm, context);
  }

  updated(tenantId: number, ids: number[], patch: AlarmPatch): void {
    if (ids.length === 0) return;
    // Taken or handled: a reminder still waiting must not ring it again.
    if (patch.ackedAt !== undefined || (patch.handleState !== undefined && patch.handleState !== 0))
      this.reminders.forget(ids);
    this.run('alarm update push', { tenantId }, async () => {
      await this.toEach(await this.deps.recipients.get(tenantId), alarmUpdatePush(ids, patch), 1);
    });
  }

  /** Door calls and issued cards from the ingest; other uplinks are not pushed from here. */
  uplink(device: KnownDevice, message: Uplink): void {
    if (message.kind === 'call') {
      if (device.kind !== 'doorUnit')
        return this.deps.log.debug({ imei: device.imei }, 'call from a device that is not a door unit ignored');
      this.run('door call push', { imei: device.imei, urgent: true }, () => this.call(device, message));
    } else if (message.kind === 'card') {
      this.run('card push', { imei: device.imei }, async () => {
        await this.toEach(await this.deps.recipients.get(device.tenantId), cardPush(device.imei, message.cardInfo), 1);
      });
    }
  }

  /** A company's new notice (information centre): 9010 to its users who see alarms, i.e. its operators. */
  tenantNotice(tenantId: number, title: string, content: string): void {
    this.run('notice push', { tenantId }, async () => {
      await this.toEach(await this.deps.recipients.get(tenantId), { code: PUSH_CODE.notice, title, content }, 1);
    });
  }

  /**
   * A published announcement reached these users (its recipients, resolved by the announcement
   * module): push 9060 to their consoles, and `speak` on their voice sockets when it is urgent.
   */
  announcement(userIds: number[], push: AnnouncementPush, speak?: string): void {
    if (userIds.length === 0) return;
    this.run('announcement push', { announcementId: push.announcement.id }, async () => {
      if (speak) this.deps.sockets.send(userIds, { msgContent: speak.slice(0, 500) });
      await this.toEach(userIds, push, 1);
    });
  }

  /** A background job moved: its user's consoles update the download-task list and any progress shown. */
  job(userId: number, job: Job): void {
    this.run('job push', { jobId: job.id }, () => this.toEach([userId], { code: JOB_PUSH_CODE, job }, 0));
  }

  /** A payload to these users' consoles (the approval engine tells approvers and applicants). */
  toUsers(ids: readonly number[], payload: object): void {
    if (ids.length === 0) return;
    this.run('user push', { users: ids.length }, () => this.toEach([...ids], payload, 1));
  }

  /** Forget cached recipients (all tenants, or one) after a change that must take effect now. */
  invalidateRecipients(tenantId?: number): void {
    this.deps.recipients.invalidate(tenantId);
  }

  /** System-wide notice (super administrators only; the route checks). */
  notice(title: string, content: string): Promise<void> {
    return this.deps.broker.publish(topics.noticeWeb, { code: PUSH_CODE.notice, title, content }, { qos: 1 });
  }

  /** One console's reminder of the alarms rung for it since its last one (oldest first). */
  private remind(userId: number, open: OpenAlarm[]): void {
    const newest = open.at(-1)!;
    this.deps.sockets.send([userId], reminderNotice(newest.alarm, open.length));
    const sos = open.filter((o) => o.alarm.type === SOS_TYPE);
    const topic = [topics.userWeb(userId)];
    const sent: Promise<void>[] = [];
    if (sos.length) {
      const key = sos.map((o) => o.alarm.id).join(',');
      if (this.lastReminder?.key !== key)
        this.lastReminder = { key, body: Buffer.from(JSON.stringify(sosReminderPush(sos))) };
      sent.push(this.lanes.send('reminder', topic, this.lastReminder.body, 1));
    }
    for (const o of open)
      if (o.alarm.type !== SOS_TYPE)
        sent.push(this.lanes.send('reminder', topic, Buffer.from(JSON.stringify(alarmPush(o.alarm))), 1));
    Promise.all(sent).catch((err: unknown) => this.deps.log.error({ err, userId }, 'reminder push failed'));
  }

  /** One payload per console: each gets its own uid and token for the channel. QoS 0: a late ring is useless. */
  private async call(device: KnownDevice, call: Call): Promise<void> {
    const ids = await this.routed(
      device.tenantId,
      device.imei,
      'doorCall',
      await this.deps.recipients.get(device.tenantId),
    );
    if (ids.length === 0) return;
    this.deps.doorPhones?.(device.tenantId, ids, device.imei, call.roomNo);
    const { voice } = this.deps;
    const channel = callChannel(device.imei, call.roomNo || '000000');
    const unit = deviceUid(device.imei);
    const base = {
      imei: device.imei,
      channel,
      appId: voice.appId,
      deviceUid: unit,
      deviceToken: voice.buildToken(channel, unit).token,
      call,
    };
    const pushTime = this.deps.now();
    await Promise.all(
      ids.map((id) => {
        const uid = consoleUid(id);
        const body = Buffer.from(
          JSON.stringify(doorCallPush(base, uid, voice.buildToken(channel, uid).token, pushTime)),
        );
        return this.lanes.send('urgent', [topics.userWeb(id)], body, 0);
      }),
    );
  }

  /** The staff on duty for the device's community when there are any, else `everyone`. */
  private async routed(
    tenantId: number,
    imei: string,
    what: 'doorCall' | 'sos',
    everyone: number[],
  ): Promise<number[]> {
    return (await this.onDuty(tenantId, imei, what)) ?? everyone;
  }

  /** Undefined (everyone) when no staff is on duty for the device or the lookup failed. */
  private async onDuty(tenantId: number, imei: string, what: 'doorCall' | 'sos'): Promise<number[] | undefined> {
    if (!this.deps.duty) return undefined;
    try {
      return await this.deps.duty(tenantId, imei, what);
    } catch (err) {
      this.deps.log.error({ err, imei }, 'duty routing failed; pushing to everyone');
      return undefined;
    }
  }

  /** The device's watchers (supervisors); a failed lookup keeps only the alarm viewers. */
  private async watchersOf(tenantId: number, imei: string): Promise<number[]> {
    if (!this.deps.watchers) return [];
    try {
      return await this.deps.watchers(tenantId, imei);
    } catch (err) {
      this.deps.log.error({ err, imei }, 'supervisor lookup failed; pushing to the alarm viewers only');
      return [];
    }
  }

  private async toEach(ids: number[], payload: object, qos: 0 | 1, lane: Lane = 'normal'): Promise<void> {
    // Serialised once: at a thousand recipients the JSON encoding would otherwise dominate.
    const body = Buffer.from(JSON.stringify(payload));
    await this.lanes.send(
      lane,
      ids.map((id) => topics.userWeb(id)),
      body,
      qos,
    );
  }

  /** Runs a delivery behind the caller; `urgent` ones hold the database's priority gate until done. */
  private run(what: string, fields: { urgent?: boolean; [k: string]: unknown }, job: () => Promise<void>): void {
    const { urgent, ...log } = fields;
    const leave = urgent ? this.deps.priority?.enter() : undefined;
    job()
      .catch((err: unknown) => this.deps.log.error({ err, ...log }, `${what} failed`))
      .finally(() => leave?.());
  }
}
