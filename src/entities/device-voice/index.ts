// The device-voice entity's public surface: what other folders use of it (the rest of the folder is its own).
export { wavDurationMs } from './wav';
export { deviceVoices } from './table';
