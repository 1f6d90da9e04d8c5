/**
 * The conference's recording settings (docs/requirements/realtime-video.md#recording): set before
 * joining a room, every field required. Kept in this browser; the service stores the file itself
 * and takes the video switch, the file name prefix and, for the library, the bucket.
 */
export interface RecordConfig {
  /** Record the picture too (false: sound only). */
  video: boolean;
  /** Storage type: 1 object storage (S3-compatible), 2 local. */
  protocol: 1 | 2;
  bucket: string;
  /** File names are `<prefix>_<time>_0000`. */
  prefix: string;
}

const KEY = 'conf-record-config';
const PREFIX_RE = /^[A-Za-z0-9_-]{1,40}$/;
const BUCKET_RE = /^[A-Za-z0-9._-]{1,63}$/;

/** What the settings dialog opens with before anything was saved. */
export const DEFAULT_RECORD_CONFIG: RecordConfig = { video: true, protocol: 2, bucket: 'recordings', prefix: 'web' };

/** 'required' when a field is empty (必填的数据为空), 'invalid' when the prefix or bucket has other characters, else null. */
export function recordConfigProblem(c: RecordConfig): 'required' | 'invalid' | null {
  if (!c.bucket.trim() || !c.prefix.trim() || (c.protocol !== 1 && c.protocol !== 2)) return 'required';
  if (!PREFIX_RE.test(c.prefix.trim()) || !BUCKET_RE.test(c.bucket.trim())) return 'invalid';
  return null;
}

/** The saved settings, or null when none were saved (or what is stored cannot be used). */
export function loadRecordConfig(): RecordConfig | null {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<RecordConfig> | null;
    if (!raw) return null;
    const c: RecordConfig = {
      video: raw.video !== false,
      protocol: raw.protocol === 1 ? 1 : 2,
      bucket: String(raw.bucket ?? ''),
      prefix: String(raw.prefix ?? ''),
    };
    return recordConfigProblem(c) ? null : c;
  } catch {
    return null;
  }
}

export function saveRecordConfig(c: RecordConfig): void {
  localStorage.setItem(KEY, JSON.stringify({ ...c, bucket: c.bucket.trim(), prefix: c.prefix.trim() }));
}
