import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Device traffic into the database (src/server/ingest/). */
async function ingestPlugin(_app: FastifyInstance) {}

export default fp(ingestPlugin, { name: 'ingest', dependencies: ['db', 'broker', 'devices'] });
