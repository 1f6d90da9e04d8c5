// The only import of the plugin's virtual module, so unit tests (built without the PWA plugin)
// can stand in for it with vi.mock on this file.
export { useRegisterSW } from 'virtual:pwa-register/react';
