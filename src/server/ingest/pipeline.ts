/**
 * The uplink pipeline: what happens to a device message, in order, in one place.
 *
 *  1. Edge validation, once, where the message came in: an MQTT payload is decoded and checked
 *     against uplinkSchema in Ingest.handle; a protocol decoder's (or the patrol phone's) typed
 *     Uplink is checked in Ingest.accept (uplink-check.ts by hand, uplinkSchema when unsure),
 *     since a decoder's types say the shape of what a device sent, not that its values are in range.
 *  2. Admission (Ingest.admit): the device known and admitted, plausibility, the urgency
 *     (urgentUplink, decided here only) and the per-device rate, which urgent messages skip.
 *  3. The write lanes (lanes.ts): urgent messages in their own small batch, everything else in
 *     the bulk batches; one statement, committed.
 *  4. The settle, right after the commit: the MQTT PUBACK (docs/decisions.md "Durability"), the
 *     protocol reply of the frame (protocols/connection.ts, in frame order) or the HTTP status.
 *     It does not wait for the stages: they hold nothing durable, and with two bulk writes in
 *     flight it would tie a batch's acknowledgements to the earlier batch's commit.
 *  5. The stages below, in this order, per stored message (a batch's messages in arrival order;
 *     batches in the order their lane took them, the urgent lane ahead of the bulk backlog). Each
 *     gets the `urgent` flag of step 2. A stage only hands work on (a queue, a coalescer, a
 *     promise it catches): it must not block, and one that throws is logged with its name while
 *     the stages after it still run.
 *
 * A new consumer of device traffic takes a new name in STAGES, at the place its order matters,
 * and fills it with `use` where it is built; nothing listens for uplinks anywhere else.
 * docs/architecture.md "Uplink pipeline" has the same list.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Uplink } from '../../shared/devices/protocol';
import type { KnownDevice } from '../devices/hub';

export const STAGES = [
  /** A command's or settings push's ack settles it (devices/commands.ts applyAck; plugins/ingest.ts). */
  'commands',
  /** Alarm intents into the engine's lanes; `urgent` picks its lane (alarms/engine.ts). */
  'alarms',
  /** Location fixes against the fences (fences/evaluator.ts). */
  'fences',
  /** Attendance punches from helmets, phones, UWB tags and door faces (attendance-sources/listener.ts). */
  'attendance',
  /** Door calls and issued cards to the consoles (push/service.ts uplink). */
  'push',
  /** Live positions to the map, 9020 (push/positions.ts). */
  'positions',
  /** The dashboards' live notice, 9040 (push/dashboard.ts). */
  'dashboard',
  /** device.position and door.call events to the integrations' outbox (integrations/events.ts). */
  'integrations',
  /** A door unit's reported card bound to its right (entities/access-card/routes.ts). */
  'access-card',
  /** Door units' access events stored, access syncs answered (entities/access-event/routes.ts). */
  'access-event',
  /** Door units' ad plays and ad syncs (entities/advertisement/delivery.ts). */
  'advertisement',
  /** Check-ins of monitored persons' worn devices (entities/monitored-person/routes.ts). */
  'monitored-person',
  /** A watcher outside the service (a test, a bench, an embedding program), filled and released by it; last. */
  'observer',
] as const;

export type StageName = (typeof STAGES)[number];

/** One stage: a stored message, its receive time, and whether admission found it urgent. */
type Stage = (device: KnownDevice, message: Uplink, receivedAt: Date, urgent: boolean) => void;

const RANK = new Map<StageName, number>(STAGES.map((name, i) => [name, i]));

/** The stages of STAGES that are filled, run in that order after each stored uplink. */
export class UplinkPipeline {
  private readonly slots: (Stage | undefined)[] = STAGES.map(() => undefined);
  /** The filled slots, in order (rebuilt on use and release, so a run allocates nothing). */
  private names: StageName[] = [];
  private runs: Stage[] = [];

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /**
   * Fills the slot `name`; returns its release (for the owner's close). A slot holds one stage:
   * a second `use` of a filled slot throws, so two modules cannot share a name by accident.
   */
  use(name: StageName, stage: Stage): () => void {
    const i = RANK.get(name)!;
    if (this.slots[i]) throw new Error(`uplink stage '${name}' is already in use`);
    this.slots[i] = stage;
    this.rebuild();
    return () => {
      if (this.slots[i] !== stage) return;
      this.slots[i] = undefined;
      this.rebuild();
    };
  }

  /** The filled stages' names, in the order they run. */
  get order(): readonly StageName[] {
    return this.names;
  }

  /** Stages filled: none, and the lanes build nothing for them. */
  get size(): number {
    return this.runs.length;
  }

  /** Runs every filled stage in order; one that throws is logged and the next ones still run. */
  run(device: KnownDevice, message: Uplink, receivedAt: Date, urgent: boolean): void {
    const runs = this.runs;
    const names = this.names;
    for (let i = 0; i < runs.length; i++) {
      try {
        runs[i]!(device, message, receivedAt, urgent);
      } catch (err) {
        this.log.error({ err, stage: names[i], imei: device.imei, kind: message.kind }, 'uplink stage threw');
      }
    }
  }

  private rebuild(): void {
    const names: StageName[] = [];
    const runs: Stage[] = [];
    for (let i = 0; i < STAGES.length; i++) {
      const stage = this.slots[i];
      if (!stage) continue;
      names.push(STAGES[i]!);
      runs.push(stage);
    }
    this.names = names;
    this.runs = runs;
  }
}
