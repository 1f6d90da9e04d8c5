/** What the video upload endpoints answer in `data` (code 1); the image ones answer the URL alone. */
export interface UploadedVideo {
  url: string;
  /** The stored name (a random UUID and the extension of the sniffed type), not the client's. */
  name: string;
  size: number;
  contentType: string;
}
