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
