import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { accessRights } from '../access-right/table';
import { residents } from '../resident/table';

export const accessCards = pgTable(
  'access_cards',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** What the reader reports (the `card` uplink's cardInfo). */
    cardNo: text('card_no').notNull(),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id, { onDelete: 'cascade' }),
    /** The right the card opens with (created when the card was bound). */
    rightId: integer('right_id').references(() => accessRights.id, { onDelete: 'set null' }),
    /** The door unit that read it. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    revoked: boolean('revoked').notNull().default(false),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('access_cards', t.cardNo),
    uniqueIndex('access_cards_tenant_card_uq').on(t.tenantId, t.cardNo),
    index('access_cards_tenant_id_idx').on(t.tenantId, t.id),
    index('access_cards_tenant_resident_idx').on(t.tenantId, t.residentId),
    index('access_cards_tenant_device_idx').on(t.tenantId, t.deviceId),
    index('access_cards_tenant_revoked_idx').on(t.tenantId, t.revoked),
    index('access_cards_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('access_cards_right_idx').on(t.rightId),
  ],
);

/** A door unit armed to issue a card to a resident (`armCard`): the next card it reports before `expiresAt` is theirs. */
export const accessCardArms = pgTable(
  'access_card_arms',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id, { onDelete: 'cascade' }),
    commandId: integer('command_id'),
    expiresAt: ts('expires_at').notNull(),
    /** The card issued, once the unit reported one. */
    cardId: integer('card_id').references(() => accessCards.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_card_arms_device_idx').on(t.deviceId, t.id),
    index('access_card_arms_tenant_idx').on(t.tenantId, t.id),
  ],
);
