import { ENTITY_SERVERS } from '../../entities/server.gen';
import type { Binding } from '../engine/types';
import { alarmBinding } from './alarm';
import { signInAuditBinding } from './audit-log';
import { deviceBinding } from './device';
import { allocationBinding, deviceCommandBinding } from './device-log';
import { departmentBinding } from './department';
import { resourceBinding } from './resource';
import { roleBinding } from './role';
import { tenantBinding } from './tenant';
import { tenantApplicationBinding } from './tenant-application';
import { userBinding } from './user';

/** Server side of every org registry entry (src/shared/resources/org.ts). */
export const ORG_BINDINGS: readonly Binding[] = [
  tenantBinding,
  departmentBinding,
  userBinding,
  roleBinding,
  resourceBinding,
  tenantApplicationBinding,
  signInAuditBinding,
];

/** Server side of every device registry entry (src/shared/resources/device.ts). */
export const DEVICE_BINDINGS: readonly Binding[] = [
  allocationBinding,
  deviceCommandBinding,
  deviceBinding,
  alarmBinding,
];

/** Server side of every entity folder (src/entities/<name>/server.ts), listed by scripts/entities.mjs. */
export { ENTITY_SERVERS };
