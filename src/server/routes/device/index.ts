import type { FastifyInstance } from 'fastify';

/** Device service routes beyond the generic resource CRUD, mounted at /api/device. */
export default async function deviceRoutes(_app: FastifyInstance) {}
