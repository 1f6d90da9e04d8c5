/**
 * Supervision, the domain service behind monitored persons: their devices' check-ins, the
 * figures of the supervision dashboard, and who watches which bracelet (the push routing). This
 * file is its public surface; nothing outside src/server/supervision imports its other modules.
 */
export { DeviceCheckIns, recordCheckIn } from './check-ins';
export { supervisionFigures } from './figures';
export { SupervisorWatchers } from './watchers';
export { localDayTime, supervisionClock } from './clock';
