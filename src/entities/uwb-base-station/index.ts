// The uwb-base-station entity's public surface: what other folders use of it (the rest of the folder is its own).
export { UWB_STATUS } from './resource';
