/** /CloudStorage (docs/requirements/realtime-video.md#video-monitors): what a company keeps. */
export interface StorageUsage {
  backend: 'local' | 's3';
  quotaBytes: number;
  usedBytes: number;
  uploads: number;
  recordings: { count: number; bytes: number };
  photos: { count: number };
  /** Days recordings and photos are kept (pinned ones always); 0 keeps them for ever. */
  retentionDays: number;
}

/** Longest retention one may set: ten years. */
export const MAX_RETENTION_DAYS = 3650;
