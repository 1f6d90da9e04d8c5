import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../../shared/resources';
import type { Db, Tx } from '../db/driver';
import type { Scope } from '../db/scope';

/** Who acts, and with what. */
export interface Ctx {
  app: FastifyInstance;
  db: Db;
  scope: Scope;
}

export type { Tx };

export type Row = Record<string, unknown>;

export interface BindingHooks {
  /**
   * Refuse an action before anything runs. Without one, a platform-wide binding (no tenantId) is
   * written by super administrators only (write.ts guardWrite); a guard replaces that rule (the
   * tenant list lets a company's administrator update its own row).
   */
  guard?(ctx: Ctx, action: 'add' | 'update' | 'delete' | 'import'): void;
  /**
   * Turns validated input into column values and checks references; runs inside the write's
   * transaction. `values` holds the stored fields already; `existing` is set on update.
   */
  beforeWrite?(
    ctx: Ctx,
    tx: Tx,
    values: Row,
    input: Row,
    tenantId: number,
    existing?: { id: number; tenantId: number },
  ): Promise<void>;
  /** Stores what lives outside the row (link tables) once its id is known. */
  afterWrite?(ctx: Ctx, tx: Tx, id: number, input: Row, tenantId: number): Promise<void>;
  /** Deletes rows already known to be in scope; refuses with fail(). Default: plain delete. */
  remove?(ctx: Ctx, ids: number[]): Promise<void>;
  /**
   * Rows as the caller is shown them, after the masking of this resource's own fields: for rows
   * that hold another resource's data (the audit log's before and after). `hides` tells
   * whether the caller is shown another binding's rows masked.
   */
  shown?(ctx: Ctx, rows: Row[], hides: (b: Binding) => Promise<boolean>): Promise<Row[]>;
  /** Adds fields that live in other tables ('refs' id arrays) to loaded rows. */
  decorate?(db: Db | Tx, rows: Row[]): Promise<void>;
}

export interface Binding {
  def: ResourceDef;
  table: PgTable;
  id: PgColumn;
  /** Set for tenant-owned tables: every read and write is scoped on it. */
  tenantId?: PgColumn;
  /** Stored fields by registry name. */
  columns: Record<string, PgColumn>;
  /** Read-only computed fields by registry name (subqueries on the row). */
  computed?: Record<string, SQL.Aliased | SQL>;
  /**
   * Sortable computed fields by the stored column that orders them the same way (a price in
   * yuan computed from its fen column sorts, and pages, by that column).
   */
  sortColumns?: Record<string, PgColumn>;
  /**
   * Filters that are not a plain column test (e.g. 'in' over a link table). Each gets the value
   * only once it passed the check of its field's type and filter mode (query.ts filterValue).
   */
  filters?: Record<string, (value: unknown) => SQL | undefined>;
  /** 'eq' filters of `filters` that also take a list of values, each checked like the one (a device's kinds). */
  eqMany?: readonly string[];
  /** Visibility beyond the tenant column (e.g. tenants: non-super callers see their own row). */
  readWhere?(scope: Scope): SQL | undefined;
  hooks?: BindingHooks;
}
