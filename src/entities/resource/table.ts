import { pgTable, serial, integer, text, smallint, index } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';

/** The platform-wide permission catalogue (directories, menus, buttons); not tenant-owned. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    name: text('name').notNull(),
    enName: text('en_name'),
    icon: text('icon'),
    uri: text('uri'),
    value: text('value'),
    mark: text('mark'),
    status: smallint('status').notNull().default(1),
    type: smallint('type').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('resources', t.name, t.enName, t.uri, t.value, t.mark),
    index('resources_pid_idx').on(t.pid),
    index('resources_sort_idx').on(t.sort, t.id),
    index('resources_type_idx').on(t.type, t.sort, t.id),
  ],
);

export type ResourceRow = typeof resources.$inferSelect;
