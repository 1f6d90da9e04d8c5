import { PROTOCOL_NAMES, type ProtocolName } from '../../src/shared/protocols/types';
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
  /** Each device protocol's listener (docs/protocols.md), off its Traccar port. */
  protocolPorts: Record<ProtocolName, number>;
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
    ...protocolPortEnv(service, 'E2E_'),
    E2E_WORK: service.work,
  };
}

/** `<prefix><NAME>_PORT` of each protocol listener: the service's own settings (no prefix) or what the specs read (E2E_). */
export function protocolPortEnv(service: E2eService, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    PROTOCOL_NAMES.map((name) => [`${prefix}${name.toUpperCase()}_PORT`, String(service.protocolPorts[name])]),
  );
}

export const baseUrlOf = (service: E2eService): string => `http://127.0.0.1:${service.port}`;
