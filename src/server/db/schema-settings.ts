import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Platform settings, one value per key (generated keys, the sealing key of integration secrets).
 * A file of its own: the sealing of webhook secrets reads it from an entity's hooks, which the
 * schema loads, so it must not come through schema.ts (an import cycle).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
