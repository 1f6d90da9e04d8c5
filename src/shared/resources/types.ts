import type { ServiceKind } from '../api';
import type { CodeEntry } from '../codes';
import type { MsgKey } from '../messages';

/** What a resource's button marks allow besides reading (src/shared/permissions.ts builds the marks). */
export type CrudAction = 'add' | 'update' | 'delete' | 'export' | 'import';

/**
 * A Lingui message descriptor written without the macro, so the service can import the
 * registry too; each literal is preceded by an `i18n` block comment, which `lingui extract`
 * picks up, and the console resolves it with `i18n._(label)`.
 */
export interface Label {
  id: string;
  message: string;
}

/** Value kinds a field can hold; they drive validation, the form control and the table cell. */
type FieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'phone'
  | 'email'
  | 'integer'
  | 'decimal'
  | 'code'
  | 'ref'
  | 'refs'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'image';

type FilterMode = 'eq' | 'like' | 'range' | 'in';

export interface FieldDef {
  /** Property of the API row (camelCase). */
  name: string;
  label: Label;
  type: FieldType;
  required?: boolean;
  /** Max length for text kinds, max value for numbers. */
  max?: number;
  min?: number;
  /** Text kinds: the whole value must match, else the message. */
  pattern?: { re: RegExp; message: MsgKey };
  /** Code table of a 'code' field (src/shared/codes.ts). */
  codes?: readonly CodeEntry<number | string>[];
  /** A 'code' field holding a list of its codes (a multi-select; stored as a JSON array). */
  multiple?: true;
  /** Target of a 'ref'/'refs' field: options come from that resource's list. */
  ref?: { kind: ServiceKind; resource: string; labelField: string };
  /**
   * Table column; false: never a column. `hidden`: a column the list starts without (true), or
   * starts without on the named routes of `ResourceDef.routes` only; the column settings of the
   * list show it again, and it stays in the export and the detail drawer. Lists declare their
   * default set this way so that they fit a 1366 px window (docs/architecture.md, "Lists" under src/client).
   */
  list?: false | { width?: number; fixed?: 'left' | 'right'; sortable?: boolean; hidden?: true | readonly string[] };
  /** Where the form edits it: true both, 'add' only when creating, false never (server-set). */
  form?: boolean | 'add';
  filter?: FilterMode;
  /** Matched by the list's keyword box (case-insensitive substring). */
  keyword?: boolean;
  /** Never sent to the console (password hashes ...). Write-only fields set form and list:false. */
  writeOnly?: boolean;
  /** Image fields: the user service's upload the form sends the file to (default ossUser/addOssHederImg). */
  upload?: 'ossUser/addOssHederImg' | 'face/uploadFaceImg';
  /** Personal data masked like phones (src/shared/mask.ts) whatever its name: an address, a birth date; `special` is hidden whole. */
  personal?: 'phone' | 'email' | 'id' | 'address' | 'date' | 'special';
}

export interface ResourceDef {
  kind: ServiceKind;
  /** Short singular noun: the route is POST /api/<kind>/<name>/<action>. */
  name: string;
  label: Label;
  /**
   * Route names (src/shared/routes.ts) whose screen lists it. The first is its home: the menu
   * whose grant lets a user see personal fields. A route without a hand-registered screen
   * (src/client/features/screens/registry.tsx) renders the generic list of this resource.
   */
  routes: readonly [string, ...string[]];
  /** Rows carry tenant_id and every query is scoped to the caller's tenant. */
  tenantScoped: boolean;
  /** Only users whose menu grants the home route may read the rows at all (not just unmasked). */
  privateRows?: boolean;
  /**
   * Delete marks rows deleted (`status` SOFT_STATUS.deleted) instead of removing them; lists hide
   * them, administrators find them with the status filter and `restore` brings them back.
   */
  softDelete?: boolean;
  fields: readonly FieldDef[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Entity part of the permission marks: `${mark}:add`, `${mark}:update` ... */
  mark: string;
  /** Actions offered; list and get are always there. Defaults to all five. */
  actions?: readonly CrudAction[];
}
