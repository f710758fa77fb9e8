/** How far a resumable upload is. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * A resumable upload under way: `done` settles once the file is stored (or rejects on a failure that retries
 * could not get past); `pause` stops sending, `resume` goes on from what the server holds.
 */
export interface ResumableUpload {
  done: Promise<void>;
  pause(): void;
  resume(): void;
}
