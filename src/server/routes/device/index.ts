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

/** Device service routes beyond the generic resource CRUD, mounted at /api/device. */
export default async function deviceRoutes(app: FastifyInstance) {
  await app.register(detailRoutes);
  await app.register(commandRoutes);
  await app.register(stockRoutes);
  await app.register(ingestStatsRoutes);
  await app.register(deadLetterRoutes);
  await app.register(frameRoutes);
  await app.register(alarmRoutes);
  await app.register(voiceNetRoutes);
  await app.register(orderRoutes);
  await app.register(indoorRoutes);
  await app.register(trackRoutes);
  await app.register(metricRoutes);
  await app.register(analyticsRoutes);
  await app.register(storageRoutes);
  await app.register(dashboardRoutes);
  await app.register(thingModelRoutes);
}
