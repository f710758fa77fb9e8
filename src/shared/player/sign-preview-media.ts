import { getSupabase } from '@/lib/supabase';
import type { OutlineLesson } from '@/shared/course-outline/outline';
import type { LessonMedia } from './lesson-media';

/** How long a preview's signed addresses work: an hour, as the lessons' files. */
const SIGNED_URL_SECONDS = 60 * 60;

/**
 * Signs a free preview lesson's files (the paths the public outline names) in one request, under whatever
 * session the browser has: the storage policies let anyone read them. Rejects when the video cannot be signed;
 * captions or a poster that cannot be signed are left out (null), since the video plays without them.
 */
export async function signPreviewMedia(preview: NonNullable<OutlineLesson['preview']>): Promise<LessonMedia> {
  const paths = [preview.videoPath, preview.captionsPath, preview.posterPath].filter(
    (path): path is string => path !== null,
  );
  const { data, error } = await (
    await getSupabase()
  ).storage
    .from('course')
    .createSignedUrls(paths, SIGNED_URL_SECONDS);
  if (error) throw error;
  const signedUrlOf = (path: string | null) =>
    path === null
      ? null
      : (data.find((signed) => signed.path === path && signed.error === null)?.signedUrl ?? null);
  const video = signedUrlOf(preview.videoPath);
  if (video === null) throw new Error(`Course: the preview video ${preview.videoPath} could not be signed.`);
  return { video, captions: signedUrlOf(preview.captionsPath), poster: signedUrlOf(preview.posterPath) };
}
