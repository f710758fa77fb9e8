/** The studio's uploads into Storage's buckets: a video in resumable pieces, a small file in one request. */
import type { Upload } from 'tus-js-client';
import { getSupabase, supabaseConfig } from '@/lib/supabase';
import type { ResumableUpload, UploadProgress } from '../model/resumable-upload';

/** Supabase Storage's TUS endpoint asks for chunks of exactly this size (6 MB). */
const CHUNK_BYTES = 6 * 1024 * 1024;

/** The signed-in owner's current access token: a long upload outlives the one it started with. */
async function accessToken(): Promise<string> {
  const { data, error } = await (await getSupabase()).auth.getSession();
  if (error || !data.session) throw new Error('Not signed in.');
  return data.session.access_token;
}

/** Uploads a video to `path` in `bucket` in chunks a dropped connection does not undo, replacing one there. */
export function uploadResumably(
  bucket: string,
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): ResumableUpload {
  let upload: Upload | undefined;
  let paused = false;
  const done = import('tus-js-client').then(
    ({ Upload }) =>
      new Promise<void>((resolve, reject) => {
        const { url, key } = supabaseConfig();
        const started = new Upload(file, {
          endpoint: `${url}/storage/v1/upload/resumable`,
          // A dropped connection is retried on its own; after the last delay the owner is asked to try again.
          retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
          chunkSize: CHUNK_BYTES,
          // The bytes go in PATCH requests only, never with the creation: the embedded server's TUS library
          // cannot finish an upload in the request that creates it (a video smaller than one chunk).
          uploadDataDuringCreation: false,
          removeFingerprintOnSuccess: true,
          headers: { apikey: key, 'x-upsert': 'true' },
          metadata: {
            bucketName: bucket,
            objectName: path,
            contentType: file.type || 'video/mp4',
            cacheControl: '3600',
          },
          onBeforeRequest: async (request) => {
            request.setHeader('authorization', `Bearer ${await accessToken()}`);
          },
          onProgress: (sent, total) => onProgress({ sent, total }),
          onSuccess: () => resolve(),
          onError: reject,
        });
        upload = started;
        // The same file picked again (after a reload, or a failure) goes on from what the server holds.
        started.findPreviousUploads().then((previous) => {
          const same = previous.find(
            (earlier) => earlier.metadata.bucketName === bucket && earlier.metadata.objectName === path,
          );
          if (same) started.resumeFromPreviousUpload(same);
          if (!paused) started.start();
        }, reject);
      }),
  );
  return {
    done,
    pause() {
      paused = true;
      void upload?.abort();
    },
    resume() {
      paused = false;
      upload?.start();
    },
  };
}

/**
 * Uploads a small file (captions, a poster, a picture) to `path` in `bucket`, replacing one there. Raw bytes (an
 * ArrayBuffer) are stored under `contentType` as they are; `cacheControl` is how long a browser may keep them.
 */
export async function uploadSmallFile(
  bucket: string,
  path: string,
  file: Blob | ArrayBuffer,
  contentType: string,
  cacheControl = '3600',
) {
  const { error } = await (
    await getSupabase()
  ).storage
    .from(bucket)
    .upload(path, file, { contentType, upsert: true, cacheControl });
  if (error) throw new Error(`Uploading ${path} failed: ${error.message}`);
}
