import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { audioPushes, deviceVoices, devices } from '../../../src/server/db/schema';
import type { FieldDef, ResourceDef } from '../../../src/shared/resources';
import { post } from '../helper';
import { upload, type Row, type tenantWithAdmin } from '../org-helper';
import { createAccessRows } from '../access-fixture';
import { createFaceRows } from '../face-fixture';
import { createAdRows } from '../ad-fixture';
import { createCommunityRows } from '../community-fixture';
import { createShopRows } from '../shop-fixture';
import { createAttendanceRows } from '../attendance-fixture';
import { createApprovalRows } from '../approval-fixture';

/**
 * The rows the tenant isolation suite (isolation.test.ts) attacks: an add body guessed from the
 * registry, and the entities whose rows come from actions of their own instead of `add`.
 */

type TenantAdmin = Awaited<ReturnType<typeof tenantWithAdmin>>;

/** A valid add body from the registry alone, so a new entity is covered without edits here. */
function sampleValue(f: FieldDef, n: number): unknown {
  switch (f.type) {
    case 'phone':
      return `1390000${String(n).padStart(4, '0')}`;
    case 'email':
      return `iso${n}@a.test`;
    case 'integer':
    case 'decimal':
      return f.min ?? 1;
    case 'code':
      return f.multiple ? [f.codes?.[0]?.value] : f.codes?.[0]?.value;
    case 'boolean':
      return true;
    case 'date':
    case 'datetime':
      return '2026-01-01T00:00:00.000Z';
    case 'ref':
    case 'refs':
      return undefined;
    default:
      return `isoA${f.name}${n}`.slice(0, f.max ?? 64);
  }
}

export function sampleBody(def: ResourceDef, n: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of def.fields) {
    const form = f.form ?? true;
    if (form === false || f.name === 'tenantId') continue;
    // A device's sku is a JSON string (it carries the product image address).
    // A camera's url must be a stream address (its pattern).
    // A time of day (a staff member's duty hours) is HH:MM; a SIM card's ICCID is 19 or 20 digits.
    // A webhook's url is http(s) (the test app allows private addresses).
    const v =
      f.name === 'sku'
        ? `{"imgSrc":"isoA${n}"}`
        : def.name === 'webhook' && f.name === 'url'
          ? `http://127.0.0.1:9/iso${n}`
          : def.name === 'webhook' && f.name === 'secret'
            ? `isoA-signing-secret-${n}`
            : f.pattern && f.name === 'url'
              ? `rtsp://10.0.0.${n % 250}/iso`
              : f.pattern?.re.test('08:00')
                ? '08:00'
                : f.pattern?.re.test('89860012345678900000')
                  ? `8986001234567890${String(n).padStart(4, '0')}`
                  : f.pattern?.re.test('iso@example.com')
                    ? `iso${n}@example.com`
                    : sampleValue(f, n);
    // An optional field with a pattern the sample cannot meet (dates and times as text) is left out.
    if (typeof v === 'string' && f.pattern && !f.required && !f.pattern.re.test(v)) continue;
    if (v !== undefined) body[f.name] = v;
  }
  return body;
}

/** Entities created through their own actions instead of `add`, for tenant A or B (by its administrator's token). */
export function createOtherwise(
  app: FastifyInstance,
  su: string,
  a: TenantAdmin,
  b: TenantAdmin,
): Record<string, (token: string) => Promise<void>> {
  return {
    // Residents live in rooms; rights name door units; cards and access events come from door units (access-fixture.ts).
    ...Object.fromEntries(
      Object.entries(createAccessRows).map(([key, make]) => [key, (token: string) => make(app, token)]),
    ),
    ...Object.fromEntries(
      Object.entries(createFaceRows).map(([key, make]) => [key, (token: string) => make(app, token)]),
    ),
    // Ads need an uploaded video; deliveries and plays come from distributing one to a door unit (ad-fixture.ts).
    ...Object.fromEntries(
      Object.entries(createAdRows).map(([key, make]) => [key, (token: string) => make(app, token)]),
    ),
    // Communities need a valid naming rule and region; buildings, units and rooms hang under one (community-fixture.ts).
    ...Object.fromEntries(
      Object.entries(createCommunityRows).map(([key, make]) => [key, (token: string) => make(app, token)]),
    ),
    // SIM cards need a valid ICCID, bills and payments come from buying a package, products need a picture, orders from the shop (shop-fixture.ts).
    ...Object.fromEntries(
      Object.entries(createShopRows((token) => (token === a.token ? a.tenant : b.tenant))).map(([key, make]) => [
        key,
        (token: string) => make(app, token),
      ]),
    ),
    // Attendance: a rule, a worker's punch and the record computed from it (attendance-fixture.ts).
    ...Object.fromEntries(
      Object.entries(createAttendanceRows((token) => (token === a.token ? a.tenant : b.tenant))).map(([key, make]) => [
        key,
        (token: string) => make(app, token),
      ]),
    ),
    // Approvals: a node of two approvers of the company, a leave request submitted on it (approval-fixture.ts).
    ...Object.fromEntries(
      Object.entries(createApprovalRows((token) => (token === a.token ? a.tenant : b.tenant))).map(([key, make]) => [
        key,
        (token: string) => make(app, token),
      ]),
    ),
    // A monitored person needs a supervisor of the company and a period whose end follows its start.
    'user/monitoredPerson': async (token) => {
      const mine = token === a.token;
      const res = await post(
        app,
        '/api/user/monitoredPerson/add',
        {
          name: `isoAperson${mine ? 1 : 9}`,
          level: 1,
          crimeType: 1,
          startDate: '2026-01-01',
          endDate: '2027-01-01',
          supervisorId: mine ? a.userId : b.userId,
        },
        { token },
      );
      expect(res.code).toBe(0);
    },
    'user/tenantApplication': async (token) => {
      const res = await post(
        app,
        '/api/user/tenant/applyEnterprise',
        { contact: 'isoAcontact', phone: '13900001111', note: 'isoA' },
        { token },
      );
      expect(res.code).toBe(0);
    },
    // Allocation log rows come from the stock flow: a super administrator allocates a stock device.
    'device/allocation': async (token) => {
      const mine = token === a.token;
      const added = await post<Row>(
        app,
        '/api/device/device/add',
        { imei: `isoAalloc${mine ? 1 : 9}`, kind: 'watch' },
        { token: su },
      );
      const res = await post(
        app,
        '/api/device/device/allocate',
        { ids: [added.data.id], tenantId: mine ? a.tenant : b.tenant },
        { token: su },
      );
      expect(res.code).toBe(0);
    },
    // Command log rows come from sending a command to an online device.
    'device/command': async (token) => {
      const imei = `isoAcmd${token === a.token ? 1 : 9}${Math.floor(Math.random() * 1e6)}`;
      const added = await post<Row>(app, '/api/device/device/add', { imei, kind: 'watch' }, { token });
      await app.db.update(devices).set({ state: 1 }).where(eq(devices.id, added.data.id));
      const res = await post(app, '/api/device/command/send', { imei, cmd: 'locate' }, { token });
      expect(res.code).toBe(0);
    },
    // A step belongs to a policy of the same company.
    'device/escalationStep': async (token) => {
      const policy = await post<Row>(
        app,
        '/api/device/escalationPolicy/add',
        { name: `isoPolicy${token === a.token ? 1 : 9}`, enabled: true },
        { token },
      );
      const res = await post(
        app,
        '/api/device/escalationStep/add',
        { policyId: policy.data.id, delaySeconds: 30, target: 'operators', viaConsole: true },
        { token },
      );
      expect(res.code).toBe(0);
    },
    // Alarm records come from the alarm engine: a device the tenant already has calls for help.
    'device/alarm': async (token) => {
      const [d] = await app.db
        .select()
        .from(devices)
        .where(eq(devices.tenantId, token === a.token ? a.tenant : b.tenant))
        .limit(1);
      const known = {
        id: d!.id,
        imei: d!.imei,
        tenantId: d!.tenantId,
        kind: d!.kind,
        state: 1,
        stockState: d!.stockState,
        messageType: 'json' as const,
        secretVersion: 1,
      };
      app.uplinks.run(known, { kind: 'alarm', alarm: 'sos' }, new Date(), true);
      await app.alarmEngine.drain();
    },
    // Audio pushes and voice clips are written by the send route and the devices' uploads, not by add.
    'device/audioPush': async (token) => {
      const tenantId = token === a.token ? a.tenant : b.tenant;
      await app.db
        .insert(audioPushes)
        .values({ tenantId, imei: `86010099000000${tenantId % 10}`, source: 'tts', title: `isoApush${tenantId}` });
    },
    // Recordings are listed by addVcrInfo (or by the service when it records).
    'device/vcr': async (token) => {
      const res = await post(
        app,
        '/api/device/vcr/addVcrInfo',
        { bucketName: 'iso', fileName: `isoArec${token === a.token ? 1 : 9}_0000`, imeis: '' },
        { token },
      );
      expect(res.code).toBe(0);
    },
    'device/deviceVoice': async (token) => {
      const tenantId = token === a.token ? a.tenant : b.tenant;
      await app.db
        .insert(deviceVoices)
        .values({ tenantId, imei: `86010099000001${tenantId % 10}`, size: 44, file: `isoAvoice${tenantId}.wav` });
    },
    // An installation names a device the company already has.
    'device/installation': async (token) => {
      const [d] = await app.db
        .select()
        .from(devices)
        .where(eq(devices.tenantId, token === a.token ? a.tenant : b.tenant))
        .limit(1);
      const res = await post(
        app,
        '/api/device/installation/add',
        { deviceId: d!.id, installer: 'isoAinstaller', installedAt: '2026-03-01T08:00:00.000Z', lat: 22.5, lon: 114.1 },
        { token },
      );
      expect(res.code, res.msg).toBe(0);
    },
    // A duty names a person of the company and ends after it starts; an inspection's next time is after its time.
    'user/dutyRecord': async (token) => {
      const mine = token === a.token;
      const res = await post(
        app,
        '/api/user/dutyRecord/add',
        {
          dutyDate: '2026-03-01',
          area: 'isoAarea',
          startTime: '08:00',
          endTime: '12:00',
          userId: mine ? a.userId : b.userId,
        },
        { token },
      );
      expect(res.code, res.msg).toBe(0);
    },
    'user/annualInspection': async (token) => {
      const res = await post(
        app,
        '/api/user/annualInspection/add',
        { name: 'isoAinspection', inspector: 'isoAinspector', inspectedAt: '2026-01-01', nextAt: '2027-01-01' },
        { token },
      );
      expect(res.code, res.msg).toBe(0);
    },
    // Integration keys are added by their own route (it answers the secret once).
    'user/integrationKey': async (token) => {
      const res = await post(
        app,
        '/api/user/integrationKey/add',
        { name: `isoAkey${token === a.token ? 1 : 9}`, resourceIds: [] },
        { token },
      );
      expect(res.code, res.msg).toBe(0);
    },
    // Website settings are one row per company (a unique tenant index).
    'user/website': async (token) => {
      const res = await post(
        app,
        '/api/user/website/add',
        { siteName: `isoAsite${token === a.token ? 1 : 9}`, theme: 'blue' },
        { token },
      );
      expect(res.code).toBe(0);
    },
    // A camera's URL must be one ffmpeg opens as a stream.
    'device/camera': async (token) => {
      const res = await post(
        app,
        '/api/device/camera/add',
        { name: `isoAcam${token === a.token ? 1 : 9}`, url: 'rtsp://10.0.0.1/live', enabled: true },
        { token },
      );
      expect(res.code, res.msg).toBe(0);
    },
    // A photo's picture must be the company's own upload.
    'device/photo': async (token) => {
      const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#456' } })
        .jpeg()
        .toBuffer();
      const image = (await upload(app, '/api/user/ossUser/addOssHederImg', jpeg, token, 'iso.jpg')).data;
      const res = await post(
        app,
        '/api/device/photo/add',
        { title: `isoAphoto${token === a.token ? 1 : 9}`, image, reviewState: 0 },
        { token },
      );
      expect(res.code, res.msg).toBe(0);
    },
    // Fences take geometry and assignments on routes of their own (src/entities/fence/routes.ts).
    'device/fence': async (token) => {
      const res = await post(
        app,
        '/api/device/fence/add',
        {
          name: `isoAfence${token === a.token ? 1 : 9}`,
          type: 1,
          shape: 0,
          radius: 100,
          longitude: 114.06,
          latitude: 22.54,
        },
        { token },
      );
      expect(res.code).toBe(0);
    },
  };
}
