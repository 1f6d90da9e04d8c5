import { pgTable, serial, text, index } from 'drizzle-orm/pg-core';
import { ts, trigramIndexes } from '../../server/db/columns';

/** Login and SMS-code attempts that failed or were throttled (docs/security.md). */
export const authAudit = pgTable(
  'auth_audit',
  {
    id: serial('id').primaryKey(),
    at: ts('at').notNull(),
    /** 'password' | 'sms' | 'smsSend'. */
    kind: text('kind').notNull(),
    /** The account name or phone tried (never a password or code). */
    account: text('account').notNull(),
    address: text('address').notNull(),
    /** 'failed' | 'throttled'. */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    ...trigramIndexes('auth_audit', t.account, t.address),
    index('auth_audit_at_idx').on(t.at),
    index('auth_audit_account_idx').on(t.account, t.at),
    index('auth_audit_kind_idx').on(t.kind, t.id),
  ],
);
