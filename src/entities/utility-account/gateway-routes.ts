import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceByBasicAuth } from '../../server/devices/basic-auth';
import { applyReading, withAlarms, type ReadingResult } from './charging';
import { UTILITY_KIND, valveOf, type Valve } from './resource';
import { utilityAccounts } from './table';

const tags = ['user'];

const KIND_BY_NAME = { electricity: UTILITY_KIND.electricity, water: UTILITY_KIND.water } as const;
const meterReading = z.object({
  kind: z.enum(['electricity', 'water']),
  meterNo: z.string().trim().min(1).max(32),
  /** The meter's cumulative register: kWh or m³. */
  reading: z.number().finite().min(0).max(1e9),
  /** When it was read (ms or s since the epoch); the receive time when absent. */
  ts: z.number().positive().optional(),
});

/**
 * The meter gateways' routes (DTUs, authenticated with their MQTT credentials): the readings they
 * post are charged to the accounts of their meters, and they ask which meters they read. The
 * console's routes are routes.ts.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const announce = (rows: Parameters<typeof app.alarmEngine.announce>[0]) => app.alarmEngine.announce(rows);
  const now = () => new Date(app.clock.now());

  // A meter gateway (DTU) posts the readings of the meters behind it, with its MQTT credentials.
  app.post(
    '/meterReadings',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "A meter gateway posts readings of its meters (Basic auth imei:secret); each is answered: ok, meterReadingLower, meterJumpSuspect or notFound (not this gateway's meter), with the account's balance, state and valve",
        body: z.object({ readings: z.array(meterReading).min(1).max(500) }),
      },
    },
    async (request, reply) => {
      const device = await deviceByBasicAuth(app, request);
      const results: ((ReadingResult & { valve: Valve }) | { meterNo: string; key: 'notFound' })[] = [];
      for (const r of request.body.readings) {
        const [a] = await app.db
          .select({ id: utilityAccounts.id })
          .from(utilityAccounts)
          .where(
            and(
              eq(utilityAccounts.tenantId, device.tenantId),
              eq(utilityAccounts.kind, KIND_BY_NAME[r.kind]),
              eq(utilityAccounts.meterNo, r.meterNo),
              eq(utilityAccounts.gatewayImei, device.imei),
            ),
          );
        if (!a) {
          results.push({ meterNo: r.meterNo, key: 'notFound' });
          continue;
        }
        const at = r.ts ? new Date(r.ts < 1e12 ? r.ts * 1000 : r.ts) : now();
        const { result } = await withAlarms(app.db, announce, (tx) =>
          applyReading(tx, a.id, r.reading, at > now() ? now() : at),
        );
        if (result.key !== 'ok')
          app.log.warn(
            { imei: device.imei, meterNo: r.meterNo, reading: r.reading, key: result.key },
            'meter reading not charged',
          );
        results.push({ ...result, valve: valveOf(result.state) });
      }
      return reply.ok({ results });
    },
  );

  app.get(
    '/meters',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "A meter gateway asks for the meters it reads (Basic auth imei:secret): kind, meter number, last reading, valve ('closed' while the account is in arrears)",
      },
    },
    async (request, reply) => {
      const device = await deviceByBasicAuth(app, request);
      const rows = await app.db
        .select({
          kind: utilityAccounts.kind,
          meterNo: utilityAccounts.meterNo,
          lastReading: utilityAccounts.lastReading,
          roomId: utilityAccounts.roomId,
          state: utilityAccounts.state,
        })
        .from(utilityAccounts)
        .where(and(eq(utilityAccounts.tenantId, device.tenantId), eq(utilityAccounts.gatewayImei, device.imei)))
        .orderBy(utilityAccounts.id);
      return reply.ok({
        meters: rows.map((r) => ({
          kind: r.kind === UTILITY_KIND.water ? 'water' : 'electricity',
          meterNo: r.meterNo,
          lastReading: r.lastReading,
          roomId: r.roomId,
          valve: valveOf(r.state),
        })),
      });
    },
  );
};

export default plugin;
