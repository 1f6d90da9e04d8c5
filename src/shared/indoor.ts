/** What the indoor routes (src/server/routes/device/indoor.ts) answer, for the console's floor view. */

export interface UwbTag {
  imei: string;
  name: string | null;
  /** Device state code (1 online). */
  state: number;
  battery: number | null;
  /** Metres on the floor, and the floor. */
  x: number;
  y: number;
  floor: string | null;
  /** Time of the fix, ms. */
  ts: number;
}

/** `POST /api/device/indoor/upload` answers where the picture is served. */
export interface UploadedPicture {
  url: string;
}
