import type { FastifyInstance } from 'fastify';
import alarmRoutes from './alarm';
import analyticsRoutes from './analytics';
import commandRoutes from './command';
import dashboardRoutes from './dashboard';
import deadLetterRoutes from './dead-letters';
import detailRoutes from './detail';
import indoorRoutes from './indoor';
import metricRoutes from './metric';
import orderRoutes from './order';
import frameRoutes from './frames';
import ingestStatsRoutes from './ingest-stats';
import stockRoutes from './stock';
import storageRoutes from './storage';
import thingModelRoutes from './thing-model';
import trackRoutes from './track';
import voiceNetRoutes from './voice-net';
import { named } from '../../lib/plugin-name';

/** Device service routes beyond the generic resource CRUD, mounted at /api/device. */
export default async function deviceRoutes(app: FastifyInstance) {
  await app.register(named('detailRoutes', detailRoutes));
  await app.register(named('commandRoutes', commandRoutes));
  await app.register(named('stockRoutes', stockRoutes));
  await app.register(named('ingestStatsRoutes', ingestStatsRoutes));
  await app.register(named('deadLetterRoutes', deadLetterRoutes));
  await app.register(named('frameRoutes', frameRoutes));
  await app.register(named('alarmRoutes', alarmRoutes));
  await app.register(named('voiceNetRoutes', voiceNetRoutes));
  await app.register(named('orderRoutes', orderRoutes));
  await app.register(named('indoorRoutes', indoorRoutes));
  await app.register(named('trackRoutes', trackRoutes));
  await app.register(named('metricRoutes', metricRoutes));
  await app.register(named('analyticsRoutes', analyticsRoutes));
  await app.register(named('storageRoutes', storageRoutes));
  await app.register(named('dashboardRoutes', dashboardRoutes));
  await app.register(named('thingModelRoutes', thingModelRoutes));
}
