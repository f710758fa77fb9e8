import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from '@/lib/zod';
import { getSupabase, supabaseConfig } from '@/lib/supabase';
import { fetchCourseOutline } from '@/shared/course-outline/fetch-course-outline';
import type { LessonMedia } from '@/shared/player/lesson-media';
import { signLessonFiles } from '@/shared/player/sign-course-files';
import { signOutlineFiles } from '@/shared/player/sign-outline-files';
import { supabaseSignIn } from '@/shared/sign-in/supabase-sign-in';
import type { CourseBackend, LearnerProgress, ProgressSave } from '../model/course-backend';
import { LESSON_COLUMNS, type Lesson, lessonSchema } from '../model/lesson';
import { PROGRESS_COLUMNS, progressFromRows, progressRowSchema } from '../model/progress';
import { loadOwnFeedback, sendFeedback } from './course-feedback';
import { loadCourseRecord } from './course-record';
import { forgetKeptAnswers, keepAnswers, loadKeptAnswers } from './kept-answers';
import { announcementConsent, reminderConsent } from './email-consents';

async function listLessons(): Promise<Lesson[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lessons').select(LESSON_COLUMNS).order('order_index');
  if (error) throw error;
  return z.array(lessonSchema).parse(data);
}

/** The lesson's files, signed for an hour; the player signs again when one runs out. */
function signLessonMedia(lesson: Lesson): Promise<LessonMedia> {
  return signLessonFiles({
    video: lesson.video_path,
    captions: lesson.captions_path,
    poster: lesson.poster_path,
    stream: lesson.stream_path,
  });
}

/**
 * A second client for saves made as the page goes away: its requests are `keepalive`, so they outlive the page,
 * and its token is the one the main client last reported, so the request starts at once instead of after
 * the main client's session lock, which a closing page may never get.
 */
let leavingClient: SupabaseClient | undefined;
let latestAccessToken: string | null = null;

async function prepareLeavingClient(supabase: SupabaseClient, accessToken: string) {
  latestAccessToken = accessToken;
  if (leavingClient) return;
  const { createClient } = await import('@supabase/supabase-js');
  const { url, key } = supabaseConfig();
  supabase.auth.onAuthStateChange((_event, session) => {
    latestAccessToken = session?.access_token ?? null;
  });
  leavingClient = createClient(url, key, {
    accessToken: async () => latestAccessToken,
    global: { fetch: (input, init) => fetch(input, { ...init, keepalive: true }) },
  });
}

async function loadProgress(): Promise<LearnerProgress> {
  const supabase = await getSupabase();
  const { data: session, error: sessionError } = await supabase.auth.getSession();
  if (sessionError) throw sessionError;
  if (!session.session) throw new Error('Course: progress needs a signed-in learner.');
  await prepareLeavingClient(supabase, session.session.access_token);
  const { data, error } = await supabase.from('lesson_progress').select(PROGRESS_COLUMNS);
  if (error) throw error;
  return {
    learnerId: session.session.user.id,
    progress: progressFromRows(z.array(progressRowSchema).parse(data)),
  };
}

/** One row per call: upsert of several rows would send absent columns as null. */
async function saveProgress(save: ProgressSave, { leaving }: { leaving: boolean }) {
  const client = leaving && leavingClient ? leavingClient : await getSupabase();
  const { error } = await client.from('lesson_progress').upsert(
    {
      user_id: save.learnerId,
      lesson_id: save.lessonKey,
      position_seconds: save.positionSeconds,
      // Sent only once watched; the database keeps the first time and never clears it.
      ...(save.completedAt === null ? {} : { completed_at: save.completedAt }),
    },
    { onConflict: 'user_id,lesson_id' },
  );
  if (error) throw error;
}

/**
 * The course page's back end: its lessons and the learner's records over supabase-js, loaded on first use, with
 * the sign-in every page shares.
 */
export const supabaseCourseBackend: CourseBackend = {
  ...supabaseSignIn,
  loadOutline: (shown) => fetchCourseOutline({ shown }),
  listLessons,
  signLessonMedia,
  signOutlineFiles,
  loadProgress,
  loadCourseRecord,
  saveProgress,
  loadFeedback: loadOwnFeedback,
  sendFeedback,
  loadReminderConsent: reminderConsent.load,
  saveReminderConsent: reminderConsent.save,
  loadAnnouncementConsent: announcementConsent.load,
  saveAnnouncementConsent: announcementConsent.save,
  loadKeptAnswers,
  keepAnswers,
  forgetKeptAnswers,
};
