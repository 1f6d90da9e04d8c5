import type { PageClient, PageConnect } from './brokerSession';

/**
 * mqtt.js (about 330 KB to compile) loads when the installer presses connect, never with the
 * page: the route's chunk and the initial script stay small. Its browser build
 * (dist/mqtt.esm.js) has only a default export, while Node resolves the named ones: take either,
 * as src/client/live/useLiveConnection.ts does.
 */
export const lazyConnect: PageConnect = async (url, options) => {
  const mod = await import('mqtt');
  const connect = mod.default?.connect ?? mod.connect;
  return connect(url, options) as unknown as PageClient;
};
