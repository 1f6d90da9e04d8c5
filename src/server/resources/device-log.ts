import { deviceCommandResource, allocationResource } from '../../shared/resources/device';
import { deviceAllocations, deviceCommands } from '../db/schema';
import { registerBinding } from '../engine/registry';

/** The stock-flow log: read and export only; written by src/server/devices/allocation.ts. */
export const allocationBinding = registerBinding({
  def: allocationResource,
  table: deviceAllocations,
  id: deviceAllocations.id,
  tenantId: deviceAllocations.tenantId,
  columns: {
    imei: deviceAllocations.imei,
    action: deviceAllocations.action,
    fromTenantId: deviceAllocations.fromTenantId,
    tenantId: deviceAllocations.tenantId,
    operatorName: deviceAllocations.operatorName,
    note: deviceAllocations.note,
    createdAt: deviceAllocations.createdAt,
  },
});

/** Commands and settings pushes with their delivery; written by src/server/devices/commands.ts. */
export const deviceCommandBinding = registerBinding({
  def: deviceCommandResource,
  table: deviceCommands,
  id: deviceCommands.id,
  tenantId: deviceCommands.tenantId,
  columns: {
    imei: deviceCommands.imei,
    cmd: deviceCommands.cmd,
    params: deviceCommands.params,
    status: deviceCommands.status,
    ackMsg: deviceCommands.ackMsg,
    ackAt: deviceCommands.ackAt,
    operatorName: deviceCommands.operatorName,
    tenantId: deviceCommands.tenantId,
    createdAt: deviceCommands.createdAt,
  },
});
