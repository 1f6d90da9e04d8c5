import type { FastifyServerOptions } from 'fastify';

// Query parameters that carry credentials: auto-login links (`key`), and anything a client might send.
const SECRET_PARAMS = new Set(['key', 'token', 'code', 'password', 'ticket']);

/** The URL with the values of credential-carrying query parameters replaced, for the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** What a URL's password is replaced with wherever the URL is shown or logged. */
export const URL_PASSWORD_MASK = '***';

/**
 * A broker URL (`mqtt://user:pass@host`, `amqp://...`) with its password masked, for logs, errors
 * and answers: the external broker's MQTT_URL, a forwarding target's URL (src/entities/forward-target).
 */
export function redactUrlPassword(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = URL_PASSWORD_MASK;
    return u.toString().replace(/\/$/, '');
  } catch {
    return raw;
  }
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request log fields, with the URL redacted (an auto-login link's key would land in the log). */
const serializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

/** Adds the redacting serializers to logger options (false stays off). */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...serializers, ...options.serializers } };
}
