/**
 * What a session is and shows: the kinds of account and the navigation tree. No schemas here
 * (they are in auth.ts), so the console's first load, which needs these, carries no zod.
 */

/**
 * `integration`: the account behind one integration key (src/entities/integration-key): never
 * logs in, is not listed with the users, and holds exactly the key's scopes through its own role.
 */
export const USER_KINDS = ['super', 'admin', 'user', 'visitor', 'integration'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** Navigation entry of docs/requirements/entities.md#navigation-entry: pid 0 is a top-level menu entry. */
export interface NavEntry {
  id: number;
  pid: number;
  name: string;
  enName: string | null;
  /** route name */
  value: string;
  icon: string | null;
  uri: string;
  type: ResourceType;
  sort: number;
  list: NavEntry[];
}

/** Resource types of docs/requirements/entities.md#organisation. */
export const RESOURCE_TYPE = { directory: 0, menu: 1, button: 2 } as const;
export type ResourceType = (typeof RESOURCE_TYPE)[keyof typeof RESOURCE_TYPE];
