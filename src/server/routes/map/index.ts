import type { FastifyInstance } from 'fastify';
import configRoutes from './config';
import deviceRoutes from './devices';
import locationRoutes from './locations';
import { named } from '../../lib/plugin-name';

/** Map routes, mounted at /api/map. */
export default async function mapRoutes(app: FastifyInstance) {
  await app.register(named('configRoutes', configRoutes));
  await app.register(named('deviceRoutes', deviceRoutes));
  await app.register(named('locationRoutes', locationRoutes));
}
