import type { PublishOptions } from '../broker/types';

/**
 * Which push goes first: the first push of a new critical alarm or a door call (`urgent`), then
 * everything else (`normal`), then an escalation's reminders of alarms still open (`reminder`).
 */
export type Lane = 'urgent' | 'normal' | 'reminder';

/** Publishes handed to the broker per turn of the event loop, urgent ones first. */
const PER_TURN = 250;
/**
 * Normal pushes and reminders wait while the broker's own queue holds more than this: what they
 * would add there is work a new SOS, published next, waits behind.
 */
const MAX_BACKLOG = 200;
/** How soon held-back pushes look at the broker's queue again. */
const RETRY_MS = 2;

interface LanesDeps {
  publish(topic: string, body: Buffer, opts: PublishOptions): Promise<void>;
  /** The broker's queue of messages not yet being delivered (embedded only); undefined counts as empty. */
  backlog?: () => number;
  perTurn?: number;
  maxBacklog?: number;
}

/** Many publishes that settle as one (one push to many consoles). */
interface Group {
  left: number;
  resolve: () => void;
  reject: (err: unknown) => void;
  failed?: unknown;
}

interface Entry {
  topic: string;
  body: Buffer;
  qos: 0 | 1;
  group: Group;
}

/** A FIFO that takes from its head without shifting the array. */
class Fifo {
  private items: Entry[] = [];
  private head = 0;
  get size(): number {
    return this.items.length - this.head;
  }
  push(e: Entry): void {
    this.items.push(e);
  }
  take(): Entry {
    const e = this.items[this.head]!;
    this.items[this.head++] = undefined as unknown as Entry;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    }
    return e;
  }
}

/**
 * The service's in-process publishes to consoles, in lanes. A push to every console used to hand
 * thousands of publishes to the broker in one synchronous loop: its emitter queued them and,
 * draining that queue by recursion, overflowed the stack (broker/mq-drain.ts); and a new SOS
 * queued behind every reminder published before it. Here each push waits in its lane and at most
 * PER_TURN publishes are handed over per turn of the event loop (setImmediate), urgent ones first;
 * normal pushes and reminders also wait while the broker's queue is long, so an urgent push only
 * ever waits for what the broker already had.
 */
export class PushLanes {
  private readonly lanes: Record<Lane, Fifo> = { urgent: new Fifo(), normal: new Fifo(), reminder: new Fifo() };
  private scheduled = false;
  private readonly perTurn: number;
  private readonly maxBacklog: number;

  constructor(private readonly deps: LanesDeps) {
    this.perTurn = deps.perTurn ?? PER_TURN;
    this.maxBacklog = deps.maxBacklog ?? MAX_BACKLOG;
  }

  /** Pushes still waiting for their turn. */
  get waiting(): number {
    return this.lanes.urgent.size + this.lanes.normal.size + this.lanes.reminder.size;
  }

  /** One body to each topic; resolves when the broker took all of them, rejects with the first failure. */
  send(lane: Lane, topics: readonly string[], body: Buffer, qos: 0 | 1): Promise<void> {
    if (topics.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const group: Group = { left: topics.length, resolve, reject };
      const fifo = this.lanes[lane];
      for (const topic of topics) fifo.push({ topic, body, qos, group });
      this.schedule(0);
    });
  }

  private schedule(delayMs: number): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.turn();
    };
    if (delayMs > 0) setTimeout(run, delayMs).unref();
    else setImmediate(run);
  }

  /** Hands over up to perTurn publishes: urgent ones always, the others while the broker keeps up. */
  private turn(): void {
    const { urgent, normal, reminder } = this.lanes;
    let budget = this.perTurn;
    let held = false;
    while (budget > 0) {
      let fifo: Fifo | undefined;
      if (urgent.size) fifo = urgent;
      else if (normal.size || reminder.size) {
        if ((this.deps.backlog?.() ?? 0) > this.maxBacklog) {
          held = true;
          break;
        }
        fifo = normal.size ? normal : reminder;
      }
      if (!fifo) break;
      budget--;
      this.start(fifo.take());
    }
    if (this.waiting) this.schedule(held ? RETRY_MS : 0);
  }

  private start(e: Entry): void {
    const settle = (err?: unknown) => {
      const g = e.group;
      if (err !== undefined && g.failed === undefined) g.failed = err;
      if (--g.left > 0) return;
      if (g.failed === undefined) g.resolve();
      else g.reject(g.failed);
    };
    let published: Promise<void>;
    try {
      published = this.deps.publish(e.topic, e.body, { qos: e.qos });
    } catch (err) {
      return settle(err ?? new Error('publish failed'));
    }
    published.then(
      () => settle(),
      (err: unknown) => settle(err ?? new Error('publish failed')),
    );
  }
}
