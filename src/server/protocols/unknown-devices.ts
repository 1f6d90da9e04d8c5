import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/driver';
import type { Clock } from '../lib/clock';
import type { ProtocolName } from './types';

// The protocol_unknown_devices list: identifiers that tried to log in under no registered device.

/** Unknown identifiers are written at most this often each (a device retrying every second costs nothing). */
const UNKNOWN_WRITE_MS = 10_000;
const UNKNOWN_REMEMBERED = 10_000;
/** Identifiers the unknown devices list keeps (the most recently seen), trimmed every UNKNOWN_TRIM_EVERY writes. */
const UNKNOWN_KEPT = 5_000;
const UNKNOWN_TRIM_EVERY = 100;
/** Bytes of an unknown device's last frame kept (a watch's voice frame runs to 64 KB). */
const UNKNOWN_FRAME_BYTES = 4_096;

/** Records the unknown identifiers for the gateway (ProtocolGateway), sparing the database a device that retries. */
export class UnknownDevices {
  private readonly seen = new Map<string, { at: number; count: number }>();
  private writes = 0;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {}

  /**
   * An identifier no device is registered under: listed for administrators, written at most every
   * UNKNOWN_WRITE_MS per identifier with the attempts counted meanwhile; the list keeps the
   * UNKNOWN_KEPT most recent identifiers (random identifiers from a scanner cannot fill the table).
   */
  record(protocol: ProtocolName, identifier: string, remote: string, frame: Buffer): void {
    const key = `${protocol}:${identifier}`;
    const now = this.deps.clock.now();
    const seen = this.seen.get(key) ?? { at: 0, count: 0 };
    seen.count++;
    if (now - seen.at < UNKNOWN_WRITE_MS) return void this.seen.set(key, seen);
    if (this.seen.size >= UNKNOWN_REMEMBERED) this.seen.clear();
    this.seen.set(key, { at: now, count: 0 });
    const trim = ++this.writes % UNKNOWN_TRIM_EVERY === 0;
    this.deps.db
      .execute(
        sql`insert into protocol_unknown_devices (protocol, identifier, remote, frames, last_frame)
            values (${protocol}, ${identifier.slice(0, 64)}, ${remote}, ${seen.count}, ${frame.subarray(0, UNKNOWN_FRAME_BYTES)})
            on conflict (protocol, identifier) do update set remote = excluded.remote, last_seen = now(),
              frames = protocol_unknown_devices.frames + excluded.frames, last_frame = excluded.last_frame`,
      )
      .then(() =>
        trim
          ? this.deps.db.execute(
              sql`delete from protocol_unknown_devices where id in (select id from protocol_unknown_devices order by last_seen desc, id desc offset ${UNKNOWN_KEPT})`,
            )
          : undefined,
      )
      .catch((err: unknown) => this.deps.log.warn({ err, protocol, identifier }, 'unknown device not recorded'));
  }
}
