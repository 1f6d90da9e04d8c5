// The device-voice entity's public surface: what other folders use of it (the rest of the folder is its own).
export { deviceVoices } from './table';
