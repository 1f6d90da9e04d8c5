import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { findBadText } from '../../shared/text';
import { fail } from '../lib/api-error';
import { ACCESS_EXTENSION, accessOf, routeGuard } from '../plugins/auth';
import authRoutes from './auth/auth';
import ticketRoutes from './auth/ticket';
import healthRoutes from './health';
import mqttRoutes from './mqtt/mqtt';
import perRoutes from './user/per';
import jobRoutes from './user/job';
import tenantInfoRoutes from './user/tenant-info';
import managementRoutes from './user/management';
import userUploadRoutes from './user/uploads';
import fileRoutes from './file';
import realtimeRoutes from './realtime';
import deviceRoutes from './device';
import resourceRoutes from './resources';
import mapRoutes from './map';
import mediaRoutes from './media';
import conferenceRoutes from './conference';
import punchRoutes from '../attendance-sources/routes';
import { named } from '../lib/plugin-name';
import webPushRoutes from '../webpush/routes';
import phoneRoutes from './phone';

/**
 * The routes tier, mounted at /api. Every route in here is guarded by its declared access
 * (route `config`: public / write / mark); a route that declares nothing requires a session.
 */
export default async function routes(app: FastifyInstance) {
  app.addHook('onRequest', routeGuard);
  // Public routes need no token: say so in the OpenAPI document, which requires one by default.
  // Every operation also names its declared access (`x-access`), which tests check against its name.
  app.addHook('onRoute', (route) => {
    const access: Record<string, string> = { [ACCESS_EXTENSION]: accessOf(route.config ?? {}) };
    route.schema = { ...route.schema, ...access };
    if (route.config?.public) route.schema = { ...route.schema, security: [] };
  });
  // A POST without a body arrives as null; schemas with defaults expect undefined. Text the
  // database cannot store (NUL, a lone surrogate) is refused here, once for every route.
  app.addHook('preValidation', async (request) => {
    if (request.body === null) request.body = undefined;
    const bad = findBadText(request.body) ?? findBadText(request.query) ?? findBadText(request.params);
    if (bad) fail(Code.BAD_REQUEST, 'textInvalid', `${bad}: ${MESSAGES.textInvalid}`);
  });
  await app.register(named('healthRoutes', healthRoutes));
  await app.register(named('authRoutes', authRoutes), { prefix: '/auth/auth' });
  await app.register(named('ticketRoutes', ticketRoutes), { prefix: '/auth/ticket' });
  await app.register(named('perRoutes', perRoutes), { prefix: '/user/per' });
  await app.register(named('jobRoutes', jobRoutes), { prefix: '/user/job' });
  await app.register(named('tenantInfoRoutes', tenantInfoRoutes), { prefix: '/user' });
  await app.register(named('managementRoutes', managementRoutes), { prefix: '/user' });
  await app.register(named('userUploadRoutes', userUploadRoutes), { prefix: '/user' });
  await app.register(named('fileRoutes', fileRoutes));
  await app.register(named('mqttRoutes', mqttRoutes), { prefix: '/mqtt' });
  await app.register(named('deviceRoutes', deviceRoutes), { prefix: '/device' });
  await app.register(named('realtimeRoutes', realtimeRoutes));
  await app.register(named('resourceRoutes', resourceRoutes));
  await app.register(named('mapRoutes', mapRoutes), { prefix: '/map' });
  await app.register(named('mediaRoutes', mediaRoutes), { prefix: '/media' });
  await app.register(named('webPushRoutes', webPushRoutes), { prefix: '/push' });
  await app.register(named('conferenceRoutes', conferenceRoutes), { prefix: '/conf' });
  await app.register(named('punchRoutes', punchRoutes), { prefix: '/user/attendancePunch' });
  await app.register(named('phoneRoutes', phoneRoutes), { prefix: '/phone' });
}
