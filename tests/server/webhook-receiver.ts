import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  at: number;
}

/** What the receiver answers: a status (and headers), one per request in order, then `then`. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 and a free port for webhook tests and the bench: it records
 * every request and answers from a script (200 once the script is used up).
 */
export class Receiver {
  readonly received: Received[] = [];
  /** Answers by request path. */
  private script = new Map<string, Answer[]>();
  private waiters: (() => void)[] = [];
  private server!: Server;
  url = '';

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    r.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        r.received.push({
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: performance.now(),
        });
        const a = r.script.get(req.url ?? '/')?.shift() ?? { status: 200, body: 'ok' };
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? `answer ${a.status}`);
        for (const w of r.waiters.splice(0)) w();
      });
    });
    r.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}`;
    return r;
  }

  /** The next answers to requests for `path`, in order. */
  answer(path: string, ...answers: Answer[]): void {
    this.script.set(path, [...(this.script.get(path) ?? []), ...answers]);
  }

  /** Forgets the answers not given yet. */
  reset(): void {
    this.script.clear();
  }

  /** Resolves once `n` requests arrived (rejects after `ms`). */
  async count(n: number, ms = 5_000): Promise<Received[]> {
    const end = Date.now() + ms;
    while (this.received.length < n) {
      if (Date.now() > end) throw new Error(`receiver got ${this.received.length} of ${n} requests`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  bodies(): { id: string; type: string; data: Record<string, unknown> }[] {
    return this.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
