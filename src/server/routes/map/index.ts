import type { FastifyInstance } from 'fastify';
import configRoutes from './config';
import deviceRoutes from './devices';
import locationRoutes from './locations';

/** Map routes, mounted at /api/map. */
export default async function mapRoutes(app: FastifyInstance) {
  await app.register(configRoutes);
  await app.register(deviceRoutes);
  await app.register(locationRoutes);
}
