import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

/** Property companies (/Manag). Its own file so communities can reference it without importing the binding. */
export const propertyCompanies = pgTable(
  'property_companies',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('property_companies', t.name, t.contact, t.phone),
    index('property_companies_tenant_id_idx').on(t.tenantId, t.id),
    index('property_companies_tenant_name_idx').on(t.tenantId, t.name),
  ],
);
