import { doublePrecision, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../device/table';
import { fences } from '../fence/table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/**
 * Monitored persons (/regulatoryList, /regulatoryUser). A person wears at most one device and a
 * device is worn by at most one person (`device_id` unique); the fence they must stay in watches
 * that device (fence_devices), so the evaluator raises exits for it.
 */
export const monitoredPersons = pgTable(
  'monitored_persons',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    photo: text('photo'),
    gender: smallint('gender'),
    phone: text('phone'),
    email: text('email'),
    idNumber: text('id_number'),
    height: integer('height'),
    weight: doublePrecision('weight'),
    /** YYYY-MM-DD. */
    birthDate: text('birth_date'),
    nativePlace: text('native_place'),
    nationality: text('nationality'),
    supervisorId: integer('supervisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** SUPERVISION_LEVEL 1..3. */
    level: smallint('level').notNull(),
    /** CRIME_TYPE_TABLE 1..10, 0 other. */
    crimeType: smallint('crime_type').notNull(),
    reason: text('reason'),
    /** Supervision period, YYYY-MM-DD; the end after the start. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    emergencyName: text('emergency_name'),
    emergencyPhone: text('emergency_phone'),
    emergencyAddress: text('emergency_address'),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    fenceId: integer('fence_id').references(() => fences.id, { onDelete: 'set null' }),
    /** Daily check-in window, "HH:mm" in the service's time zone. */
    checkInStart: text('check_in_start').notNull().default('08:00'),
    checkInEnd: text('check_in_end').notNull().default('20:00'),
    /** The day (YYYY-MM-DD, service time zone) of the last check-in, and when. */
    lastCheckInDay: text('last_check_in_day'),
    lastCheckInAt: ts('last_check_in_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('monitored_persons', t.name, t.phone),
    index('monitored_persons_tenant_id_idx').on(t.tenantId, t.id),
    index('monitored_persons_tenant_name_idx').on(t.tenantId, t.name),
    index('monitored_persons_tenant_level_idx').on(t.tenantId, t.level, t.id),
    index('monitored_persons_tenant_gender_idx').on(t.tenantId, t.gender, t.id),
    index('monitored_persons_tenant_crime_idx').on(t.tenantId, t.crimeType, t.id),
    index('monitored_persons_tenant_supervisor_idx').on(t.tenantId, t.supervisorId, t.id),
    index('monitored_persons_tenant_start_idx').on(t.tenantId, t.startDate),
    index('monitored_persons_tenant_end_idx').on(t.tenantId, t.endDate),
    index('monitored_persons_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('monitored_persons_tenant_fence_idx').on(t.tenantId, t.fenceId),
    uniqueIndex('monitored_persons_device_idx').on(t.deviceId),
  ],
);

/** Check-ins: the device reporting inside the day's window, or the supervisor at the console. */
export const monitoredPersonCheckIns = pgTable(
  'monitored_person_check_ins',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => monitoredPersons.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    at: ts('at').notNull(),
    /** CHECK_IN_SOURCE: 1 device, 2 console. */
    source: smallint('source').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [
    index('monitored_person_check_ins_person_idx').on(t.personId, t.at),
    index('monitored_person_check_ins_tenant_day_idx').on(t.tenantId, t.day),
  ],
);
