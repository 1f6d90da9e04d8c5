import type { FastifyInstance } from 'fastify';

/** POST /api/device/ingest/stats (written by the connectivity work). */
export default async function ingestStatsRoutes(_app: FastifyInstance) {}
