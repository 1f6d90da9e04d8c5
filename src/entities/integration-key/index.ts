// What the service core uses of integration keys: recognising and resolving a key on a request (plugins/auth.ts).
export { isIntegrationKey, resolveIntegrationKey } from './keys';
export { keyMayHoldMark } from './resource';
