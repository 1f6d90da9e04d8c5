import type { Binding } from '../engine/types';
import { departmentBinding } from './department';
import { resourceBinding } from './resource';
import { roleBinding } from './role';
import { tenantBinding } from './tenant';
import { tenantApplicationBinding } from './tenant-application';
import { userBinding } from './user';

/** Server side of every org registry entry (src/shared/resources/org.ts). */
export const ORG_BINDINGS: readonly Binding[] = [tenantBinding, departmentBinding, userBinding, roleBinding, resourceBinding, tenantApplicationBinding];
