import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imeiBody, settingsSaveBody, type SettingsAnswer } from '../../../shared/devices/api';
import { sendCommandBody } from '../../../shared/devices/protocol';
import { withDefaults } from '../../../shared/devices/settings';
import { pushPendingSettings, saveSettings, sendCommand } from '../../devices/commands';
import { deviceInScope, operatorOf } from './scope';

const tags = ['device'];

/** Commands and settings pushed to devices; a settings change waiting for an offline device goes out when it comes online. */
const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/command/send', { config: { mark: 'device:command' }, schema: { tags, summary: 'Send a command to an online device', body: sendCommandBody } }, async (request, reply) => {
    const d = await deviceInScope(app, request, request.body.imei);
    return reply.ok(await sendCommand(app, d, request.body, operatorOf(request)), 'commandSent');
  });

  app.post('/settings/get', { schema: { tags, summary: "A device's settings over the defaults", body: imeiBody } }, async (request, reply) => {
    const d = await deviceInScope(app, request, request.body.imei);
    const answer: SettingsAnswer = { settings: withDefaults(d.settings), version: d.settingsVersion, ackedVersion: d.settingsAckedVersion };
    return reply.ok(answer);
  });

  app.post('/settings/save', { config: { mark: 'device:update' }, schema: { tags, summary: 'Store settings and push them to the device', body: settingsSaveBody } }, async (request, reply) => {
    const d = await deviceInScope(app, request, request.body.imei);
    const saved = await saveSettings(app, d, request.body.settings, operatorOf(request));
    app.events.emit('device.changed', { imei: d.imei });
    return reply.ok(saved);
  });

  const onOnline = (device: Parameters<typeof pushPendingSettings>[1]) => {
    pushPendingSettings(app, device).catch((err: unknown) => app.log.warn({ err, imei: device.imei }, 'pending settings push failed'));
  };
  app.deviceHub.on('online', onOnline);
  app.addHook('onClose', async () => {
    app.deviceHub.off('online', onOnline);
  });
};

export default commandRoutes;
