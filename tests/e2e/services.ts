/**
 * The e2e services: one per Playwright worker, each with its own ports, data directory (E2E_WORK)
 * and so its own demo site (scripts/e2e-server.mjs seeds it). playwright.config.ts picks them once,
 * in the runner, and hands them to the workers through E2E_SERVICES (the workers inherit the
 * runner's environment and load the config again); tests/e2e/fixtures.ts gives worker number
 * `parallelIndex` service number `parallelIndex`.
 */
export interface E2eService {
  /** The worker (testInfo.parallelIndex) it serves. */
  index: number;
  /** HTTP (the console, the API and MQTT over WebSocket). */
  port: number;
  mqttPort: number;
  rtspPort: number;
  watchPort: number;
  gt06Port: number;
  jt808Port: number;
  osmandPort: number;
  /** Its private folder: data/ and static/. */
  work: string;
}

export const E2E_SERVICES = 'E2E_SERVICES';

/** The services the runner picked (empty before it has). */
export function e2eServices(env: NodeJS.ProcessEnv = process.env): E2eService[] {
  const raw = env[E2E_SERVICES];
  return raw ? (JSON.parse(raw) as E2eService[]) : [];
}

/** The environment a test worker sets for its service: what tests/e2e/helpers.ts and the specs read. */
export function serviceEnv(service: E2eService): Record<string, string> {
  return {
    E2E_PORT: String(service.port),
    E2E_MQTT_PORT: String(service.mqttPort),
    E2E_RTSP_PORT: String(service.rtspPort),
    E2E_WATCH_PORT: String(service.watchPort),
    E2E_GT06_PORT: String(service.gt06Port),
    E2E_JT808_PORT: String(service.jt808Port),
    E2E_OSMAND_PORT: String(service.osmandPort),
    E2E_WORK: service.work,
  };
}

export const baseUrlOf = (service: E2eService): string => `http://127.0.0.1:${service.port}`;
