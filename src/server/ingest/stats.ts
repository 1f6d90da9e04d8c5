/** Counters of the device ingest, served at POST /api/device/ingest/stats and printed by the bench. */
export interface IngestStats {
  received: number;
  stored: number;
  dropped: {
    malformed: number;
    oversized: number;
    unknown: number;
    unauthorised: number;
    /** Refused because the write queue was full (backpressure). */
    overload: number;
    /** Telemetry outside the physical range of its metric (METRIC_RANGES). */
    implausible: number;
    /** Over the device's publish rate (DEVICE_RATE_PER_S). */
    rateLimited: number;
    /** Refused by the database even when written alone: kept as a dead letter. */
    rejected: number;
    /**
     * Lost because the database could not be reached for a batch several times in a row, and
     * the message had no acknowledgement to hold back (QoS 0).
     */
    failed: number;
    /**
     * Not acknowledged while the data disk was under its low-water mark (DISK_LOW_WATER_MB): the
     * device keeps the message and sends it again.
     */
    diskLow: number;
  };
  /**
   * Not stored because the database could not be reached for a batch several times in a row, and
   * so not acknowledged: the device (or the broker's session) sends them again.
   */
  notStoredResent: number;
  /** Messages waiting to be written (including the batch being written). */
  queued: number;
  /**
   * Not written because their protocol connection ended while they waited (after an earlier frame
   * of it could not be stored): never acknowledged, the device sends them again.
   */
  orphaned: number;
  batches: number;
}

export type DropReason = keyof IngestStats['dropped'];

export function emptyStats(): IngestStats {
  return {
    received: 0,
    stored: 0,
    dropped: {
      malformed: 0,
      oversized: 0,
      unknown: 0,
      unauthorised: 0,
      overload: 0,
      implausible: 0,
      rateLimited: 0,
      rejected: 0,
      failed: 0,
      diskLow: 0,
    },
    notStoredResent: 0,
    queued: 0,
    orphaned: 0,
    batches: 0,
  };
}
