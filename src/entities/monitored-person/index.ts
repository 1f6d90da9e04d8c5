// The monitored-person entity's public surface: what other folders use of it (the rest of the folder is its own).
export { CHECK_IN_SOURCE } from './resource';
export { localDayTime } from './server';
export { monitoredPersonCheckIns, monitoredPersons } from './table';
