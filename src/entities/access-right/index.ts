// The access-right entity's public surface: what other folders use of it (the rest of the folder is its own).
export { SUBJECT } from './resource';
export { doorUnitsOfResident, doorUnitsOfRights, doorUnitsOfRoom, pushSoon, pushToDevices } from './push';
export { setRightDevices } from './server';
export { accessRightDevices, accessRights } from './table';
