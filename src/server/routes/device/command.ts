import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../shared/codes';
import {
  imeiBody,
  refreshBody,
  settingsSaveBody,
  type RefreshAnswer,
  type SettingsAnswer,
} from '../../../shared/devices/api';
import { commandAcksBody, sendCommandBody, sendManyCommandBody } from '../../../shared/devices/protocol';
import { withDefaults } from '../../../shared/devices/settings';
import { deviceCommands, devices } from '../../db/schema';
import { scopedWhere, tenantWhere } from '../../db/scope';
import {
  commandAcks,
  pendingSettingsPusher,
  saveSettings,
  sendCommand,
  sendCommandToMany,
} from '../../devices/commands';
import type { KnownDevice } from '../../devices/hub';
import { maskPhone } from '../../../shared/mask';
import { requirePermission } from '../../plugins/auth';
import { authed, hidesPersonal } from '../../auth/request';
import { deviceInScope, operatorOf } from '../../devices/scope';

/** Publishes at a time while asking a sample: enough to be quick, few enough not to flood the broker. */
const REFRESH_PARALLEL = 20;

const tags = ['device'];

/** Commands and settings pushed to devices; a settings change waiting for an offline device goes out when it comes online. */
const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/command/send',
    {
      config: { mark: 'device:command' },
      schema: { tags, summary: 'Send a command to an online device', body: sendCommandBody },
    },
    async (request, reply) => {
      // A raw command goes to the device unchecked: administrators only (docs/protocols.md "Commands").
      if (request.body.cmd === 'custom') await requirePermission('device:rawCommand')(request);
      const d = await deviceInScope(app, request, request.body.imei);
      return reply.ok(await sendCommand(app, d, request.body, operatorOf(request)), 'commandSent');
    },
  );

  /*
   * /randomReload: a `report` command to each device of a random sample of online ones or of a
   * chosen set (offline or unknown ones are skipped, with the reason). The acks land in
   * device_commands as for any command; the console follows them through command/acks.
   */
  app.post(
    '/command/refresh',
    {
      config: { mark: 'device:command' },
      schema: { tags, summary: 'Ask a random sample or a chosen set of devices for a fresh report', body: refreshBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { sample, imeis, kind } = request.body;
      const d = devices;
      const kindIs = kind ? eq(d.kind, kind) : undefined;
      const rows = sample
        ? await app.db
            .select()
            .from(d)
            .where(scopedWhere(scope, d, eq(d.state, DEVICE_STATE.online), kindIs))
            .orderBy(sql`random()`)
            .limit(sample)
        : await app.db
            .select()
            .from(d)
            .where(scopedWhere(scope, d, inArray(d.imei, [...new Set(imeis)]), kindIs));
      const answer: RefreshAnswer = { asked: [], skipped: [] };
      const found = new Set(rows.map((r) => r.imei));
      for (const imei of imeis ?? []) if (!found.has(imei)) answer.skipped.push({ imei, key: 'notFound' });
      const online = rows.filter((r) => {
        if (r.state === DEVICE_STATE.online) return true;
        answer.skipped.push({ imei: r.imei, key: 'deviceOffline' });
        return false;
      });
      const op = operatorOf(request);
      for (let i = 0; i < online.length; i += REFRESH_PARALLEL) {
        const part = online.slice(i, i + REFRESH_PARALLEL);
        const sent = await Promise.all(
          part.map((r) => sendCommand(app, r, { imei: r.imei, cmd: 'report', params: {} }, op)),
        );
        sent.forEach((s, k) =>
          answer.asked.push({ id: s.id, imei: part[k]!.imei, name: part[k]!.name, status: s.status }),
        );
      }
      return reply.ok(answer, 'commandSent');
    },
  );

  app.post(
    '/command/sendMany',
    {
      config: { mark: 'device:command' },
      schema: {
        tags,
        summary: 'Send one command to many devices; each is answered on its own (offline ones are refused)',
        body: sendManyCommandBody,
      },
    },
    async (request, reply) => {
      const { imeis, cmd, params } = request.body;
      if (cmd === 'custom') await requirePermission('device:rawCommand')(request);
      const { scope } = authed(request);
      const found = await app.db
        .select()
        .from(devices)
        .where(and(inArray(devices.imei, imeis), tenantWhere(scope, devices)));
      return reply.ok(
        { results: await sendCommandToMany(app, imeis, found, { cmd, params }, operatorOf(request)) },
        'commandSent',
      );
    },
  );

  app.post(
    '/command/acks',
    { schema: { tags, summary: 'Delivery state and acknowledgement of commands by id', body: commandAcksBody } },
    async (request, reply) => {
      const { scope } = authed(request);
      return reply.ok({ rows: await commandAcks(app, request.body.ids, tenantWhere(scope, deviceCommands)) });
    },
  );

  app.post(
    '/settings/get',
    { schema: { tags, summary: "A device's settings over the defaults", body: imeiBody } },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const settings = withDefaults(d.settings);
      // The numbers in the settings are people's phones: masked for the visitor (docs/permissions.md).
      if (await hidesPersonal(request, 'DeviceList')) {
        settings.contacts = settings.contacts.map((c) => ({ ...c, phone: maskPhone(c.phone) }));
        settings.whiteList = settings.whiteList.map(maskPhone);
        settings.blackList = settings.blackList.map(maskPhone);
        settings.sosNumbers = settings.sosNumbers.map(maskPhone);
      }
      const answer: SettingsAnswer = {
        settings,
        version: d.settingsVersion,
        ackedVersion: d.settingsAckedVersion,
      };
      return reply.ok(answer);
    },
  );

  app.post(
    '/settings/save',
    {
      config: { mark: 'device:update' },
      schema: { tags, summary: 'Store settings and push them to the device', body: settingsSaveBody },
    },
    async (request, reply) => {
      const d = await deviceInScope(app, request, request.body.imei);
      const saved = await saveSettings(app, d, request.body.settings, operatorOf(request));
      app.events.emit('device.changed', { imei: d.imei });
      return reply.ok(saved);
    },
  );

  const pushPending = pendingSettingsPusher(app);
  const onOnline = (device: KnownDevice) => {
    pushPending(device).catch((err: unknown) =>
      app.log.warn({ err, imei: device.imei }, 'pending settings push failed'),
    );
  };
  app.deviceHub.on('online', onOnline);
  app.addHook('onClose', async () => {
    app.deviceHub.off('online', onOnline);
  });
};

export default commandRoutes;
