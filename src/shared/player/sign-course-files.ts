import { getSupabase } from '@/lib/supabase';
import { slowLinkVideoPath } from '../../../supabase/stream-files';
import type { LessonMedia } from './lesson-media';
import type { SignMany } from './stream-signer';

/** An hour: no signed address of a course file lasts longer (the server shortens a longer one). */
const SIGNED_URL_SECONDS = 60 * 60;
/**
 * An address signed this recently is given again instead of a new one: the first lesson's poster, signed for the
 * course's cover and again for its player a moment later, is then one address, which a slow phone downloads once.
 * A player that fails on an address this young gives up instead of signing it again (lesson-player.tsx).
 */
const REUSE_FOR_MS = 60_000;
const recentlySigned = new Map<string, { address: string; at: number }>();

/** Signs files of the bucket `course` in one request, under whatever session there is, none included. */
export const signCourseFiles: SignMany = async (paths) => {
  const now = Date.now();
  const addresses = new Map<string, string>();
  const unsigned: string[] = [];
  for (const path of new Set(paths)) {
    const recent = recentlySigned.get(path);
    if (recent !== undefined && now - recent.at < REUSE_FOR_MS) addresses.set(path, recent.address);
    else unsigned.push(path);
  }
  if (unsigned.length === 0) return addresses;
  const { data, error } = await (
    await getSupabase()
  ).storage
    .from('course')
    .createSignedUrls(unsigned, SIGNED_URL_SECONDS);
  if (error) throw error;
  for (const signed of data) {
    if (signed.error !== null || signed.path === null || signed.signedUrl === null) continue;
    addresses.set(signed.path, signed.signedUrl);
    recentlySigned.set(signed.path, { address: signed.signedUrl, at: now });
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
