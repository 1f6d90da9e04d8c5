/**
 * The simulator's view of a running service: where it is (the same env as `npm start`) and the
 * three HTTP calls it needs. It never opens the database.
 */
import { isSuccessCode, type Envelope } from '../shared/api';
import type { DeviceSecretRow } from '../shared/devices/api';
import type { ListResult } from '../shared/resources/list';
import { MQTT_WS_PATH } from '../shared/topics';
import { PROTOCOL_PORTS, type ProtocolName } from '../shared/protocols/types';
import type { ProtocolEndpoint } from './protocols/device';

export interface ServiceTarget {
  httpBase: string;
  mqttUrl: string;
  user: string;
  password: string;
}

/** One console line: unreachable service, refused login, or an error answer. */
export class ServiceError extends Error {
  override name = 'ServiceError';
}

/** A wildcard listen address is reached on the loopback interface. */
export function reachableHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceTarget {
  const host = reachableHost(env.HOST?.trim());
  const port = Number(env.PORT || 8080);
  const mqttPort = Number(env.MQTT_PORT || 1883);
  const httpBase = `http://${host}:${port}`;
  // MQTT_PORT=0 turns the TCP listener off; the WebSocket endpoint on the HTTP port stays.
  const mqttUrl =
    env.MQTT_URL?.trim() || (mqttPort > 0 ? `mqtt://${host}:${mqttPort}` : `ws://${host}:${port}${MQTT_WS_PATH}`);
  return { httpBase, mqttUrl, user: env.SIM_USER || 'demo', password: env.SIM_PASSWORD || 'demo123' };
}

/** A protocol listener of the service, from the same variables as `npm start` (HOST and <NAME>_PORT, e.g. GT06_PORT). */
export function protocolEndpoint(protocol: ProtocolName, env: NodeJS.ProcessEnv = process.env): ProtocolEndpoint {
  const port = Number(env[`${protocol.toUpperCase()}_PORT`]?.trim() || PROTOCOL_PORTS[protocol]);
  return { protocol, host: reachableHost(env.HOST?.trim()), port };
}

interface DeviceListRow {
  imei: string;
  kind: string;
  name: string | null;
  messageType: string | null;
  /** DEVICE_STATE; 1 means some client is connected as this device right now. */
  state: number | null;
}

const PAGE = 100;
/** A request the service has not answered by then is reported, not waited on for ever. */
const REQUEST_TIMEOUT_MS = 30_000;

export class ServiceClient {
  private token?: string;

  constructor(readonly base: string) {}

  private async request<T>(path: string, body: unknown): Promise<{ data: T; headers: Headers }> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.token ? { authorization: this.token } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError')
        throw new ServiceError(`${this.base}${path} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new ServiceError(
        `Cannot reach the service at ${this.base}${cause ? ` (${cause})` : ''}: is it running (npm start), and are PORT/HOST right?`,
      );
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new ServiceError(
        `${this.base}${path} answered HTTP ${res.status} without JSON: is this the safety console?`,
      );
    }
    if (!isSuccessCode(env.code)) throw new ServiceError(`${path}: ${env.msg || `code ${env.code}`}`);
    return { data: env.data, headers: res.headers };
  }

  async login(username: string, password: string): Promise<void> {
    try {
      const { headers } = await this.request('/api/auth/auth/login', { username, password, language: 'CN' });
      this.token = headers.get('authorization') ?? undefined;
    } catch (err) {
      if (err instanceof ServiceError && err.message.startsWith('/api/')) {
        throw new ServiceError(
          `Login as "${username}" refused (${err.message.replace(/^[^:]*: /, '')}); set SIM_USER and SIM_PASSWORD`,
        );
      }
      throw err;
    }
    if (!this.token) throw new ServiceError('Login answered without a session token');
  }

  /** Every device the user sees, page by page; `imei` narrows to IMEIs containing it. */
  async devices(imei?: string): Promise<DeviceListRow[]> {
    const rows: DeviceListRow[] = [];
    for (let page = 1; ; page++) {
      const body = {
        page,
        size: PAGE,
        sort: [{ field: 'imei', order: 'asc' }],
        ...(imei ? { filters: { imei } } : {}),
      };
      const { data } = await this.request<ListResult<DeviceListRow>>('/api/device/device/list', body);
      rows.push(...data.rows);
      if (data.rows.length < PAGE || rows.length >= data.total) return rows;
    }
  }

  async secrets(imeis: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < imeis.length; i += 1000) {
      const { data } = await this.request<{ rows: DeviceSecretRow[] }>('/api/device/device/secrets', {
        imeis: imeis.slice(i, i + 1000),
      });
      for (const r of data.rows) out.set(r.imei, r.secret);
    }
    return out;
  }
}
