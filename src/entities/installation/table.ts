import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';

export const installations = pgTable(
  'installations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    deviceKind: text('device_kind').notNull(),
    installer: text('installer').notNull(),
    installedAt: ts('installed_at').notNull(),
    address: text('address'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    photo: text('photo'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('installations', t.installer, t.address),
    index('installations_tenant_id_idx').on(t.tenantId, t.id),
    index('installations_tenant_at_idx').on(t.tenantId, t.installedAt, t.id.desc()),
    index('installations_tenant_installer_idx').on(t.tenantId, t.installer),
    index('installations_tenant_kind_idx').on(t.tenantId, t.deviceKind, t.installedAt),
    index('installations_tenant_device_idx').on(t.tenantId, t.deviceId),
  ],
);
