import { getSupabase } from '@/lib/supabase';
import { slowLinkVideoPath } from '../../../supabase/stream-files';
import type { LessonMedia } from './lesson-media';
import type { SignMany } from './stream-signer';

/** An hour: no signed address of a course file lasts longer (the server shortens a longer one). */
const SIGNED_URL_SECONDS = 60 * 60;
/**
 * An address signed this recently, or being signed, is given again instead of a new one: the first lesson's poster,
 * signed for the course's cover and again for its player a moment later, is then one address, which a slow phone
 * downloads once, and a file that two parts of the page sign at once is signed in one request. A player that fails
 * on an address this young gives up instead of signing it again (lesson-player.tsx).
 */
const REUSE_FOR_MS = 60_000;
/** Each path's address (null: it could not be signed), by when its signing began. */
const recentlySigned = new Map<string, { address: Promise<string | null>; at: number }>();

/** Signs `paths` in one request; a path that cannot be signed, or a failed request, is not remembered. */
function signNow(paths: string[], at: number) {
  const request = getSupabase().then((supabase) =>
    supabase.storage.from('course').createSignedUrls(paths, SIGNED_URL_SECONDS),
  );
  for (const path of paths) {
    const address = request.then(({ data, error }) => {
      if (error) throw error;
      return data.find((signed) => signed.path === path && signed.error === null)?.signedUrl ?? null;
    });
    const entry = { address, at };
    recentlySigned.set(path, entry);
    const forget = () => {
      if (recentlySigned.get(path) === entry) recentlySigned.delete(path);
    };
    address.then((signed) => signed ?? forget(), forget);
  }
}

/** Signs files of the bucket `course` in one request, under whatever session there is, none included. */
export const signCourseFiles: SignMany = async (paths) => {
  const now = Date.now();
  const wanted = [...new Set(paths)];
  const unsigned = wanted.filter((path) => {
    const recent = recentlySigned.get(path);
    return recent === undefined || now - recent.at >= REUSE_FOR_MS;
  });
  if (unsigned.length > 0) signNow(unsigned, now);
  const pending = wanted.map((path) => [path, recentlySigned.get(path)?.address] as const);
  const addresses = new Map<string, string>();
  for (const [path, address] of pending) {
    const signed = await address;
    if (signed) addresses.set(path, signed);
  }
  return addresses;
};

/**
 * A lesson's files signed in one request, with its stream's slow-link MP4 when it streams. Rejects when the video
 * cannot be signed; captions, a poster or a slow-link MP4 that cannot be signed (a stream made before there was
 * one) are left out (null), since the video plays without them.
 */
export async function signLessonFiles(files: {
  video: string;
  captions: string | null;
  poster: string | null;
  stream: string | null;
}): Promise<LessonMedia> {
  const { video, captions, poster, stream } = files;
  const slowLink = stream === null ? null : slowLinkVideoPath(stream);
  const signed = await signCourseFiles([video, captions, poster, slowLink].filter((path) => path !== null));
  const videoAddress = signed.get(video);
  if (videoAddress === undefined) throw new Error(`Course: the video ${video} could not be signed.`);
  const optional = (path: string | null) => (path === null ? null : (signed.get(path) ?? null));
  return {
    video: videoAddress,
    captions: optional(captions),
    poster: optional(poster),
    slowLinkVideo: optional(slowLink),
  };
}
