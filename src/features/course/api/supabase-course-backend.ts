import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod/mini';
import { COURSE_PATH } from '@/content/course';
import { getSupabase, supabaseConfig } from '@/lib/supabase';
import { hasStoredSession } from '@/lib/stored-session';
import type {
  CourseBackend,
  LearnerProgress,
  LessonMedia,
  LinkOutcome,
  NewLinkOutcome,
  ProgressSave,
} from '../model/course-backend';
import { LESSON_COLUMNS, type Lesson, lessonSchema } from '../model/lesson';
import { loadOwnFeedback, sendFeedback } from './course-feedback';
import { loadReminderConsent, saveReminderConsent } from './reminder-consent';
import { fetchCourseOutline } from './fetch-course-outline';
import { signPreviewMedia } from './sign-preview-media';
import { PROGRESS_COLUMNS, progressFromRows, progressRowSchema } from '../model/progress';

/** How long a signed lesson address works; the player signs again when one runs out. */
const SIGNED_URL_SECONDS = 60 * 60;

/**
 * supabase-js's auth errors carry the answer's status: 4xx is GoTrue's refusal, 0 (no answer) and 5xx are
 * failures to reach it. They are told apart by status alone, because importing supabase-js's error classes
 * would pull it into the page's first load.
 */
const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/** What a verify answered: a session, GoTrue's refusal, its "wait", or no answer. */
function linkOutcome({
  session,
  error,
}: {
  session: unknown;
  error: { status?: number } | null;
}): LinkOutcome {
  if (!error) return session ? 'signed-in' : 'refused';
  if (error.status === 429) return 'rate-limited';
  return isRefusal(error.status) ? 'refused' : 'unreachable';
}

/**
 * Spent as type `email`, whatever the link's `type` says: for an address with no user yet, hosted GoTrue's
 * generateLink makes a sign-up token, which `magiclink` would refuse and `email` accepts, as it does a magic link.
 */
async function verifySignInLink(tokenHash: string): Promise<LinkOutcome> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    return linkOutcome({ session: data.session, error });
  } catch (error) {
    console.error('Course: the sign-in link could not be checked.', error);
    return 'unreachable';
  }
}

async function verifySignInCode(email: string, code: string): Promise<LinkOutcome> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
    return linkOutcome({ session: data.session, error });
  } catch (error) {
    console.error('Course: the sign-in code could not be checked.', error);
    return 'unreachable';
  }
}

async function requestNewLink(email: string): Promise<NewLinkOutcome> {
  try {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}${COURSE_PATH}` },
    });
    if (!error) return 'sent';
    if (error.status === 429) return 'rate-limited';
    // Hosted Supabase refuses an address that never signed up: answering as for any other keeps addresses unprobeable.
    return isRefusal(error.status) ? 'sent' : 'failed';
  } catch (error) {
    console.error('Course: a new sign-in link could not be requested.', error);
    return 'failed';
  }
}

async function listLessons(): Promise<Lesson[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lessons').select(LESSON_COLUMNS).order('order_index');
  if (error) throw error;
  return z.array(lessonSchema).parse(data);
}

async function signLessonMedia(lesson: Lesson): Promise<LessonMedia> {
  const bucket = (await getSupabase()).storage.from('course');
  const sign = async (path: string) => {
    const { data, error } = await bucket.createSignedUrl(path, SIGNED_URL_SECONDS);
    if (error) throw error;
    return data.signedUrl;
  };
  const [video, captions, poster] = await Promise.all([
    sign(lesson.video_path),
    lesson.captions_path === null ? null : sign(lesson.captions_path),
    lesson.poster_path === null ? null : sign(lesson.poster_path),
  ]);
  return { video, captions, poster };
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

/** The course page's back end: supabase-js, loaded on first use, with its default (persisted, refreshed) session. */
export const supabaseCourseBackend: CourseBackend = {
  verifySignInLink,
  // A failed load is retried by the call that needs the client, which reports it.
  prepareSignIn: () => void getSupabase().catch(() => undefined),
  verifySignInCode,
  requestNewLink,
  loadOutline: () => fetchCourseOutline(),
  listLessons,
  signLessonMedia,
  signPreviewMedia,
  loadProgress,
  saveProgress,
  loadFeedback: loadOwnFeedback,
  sendFeedback,
  loadReminderConsent,
  saveReminderConsent,

  async sessionStatus() {
    // Nothing stored, nothing to restore: a visitor who never signed in here gets the answer without supabase-js.
    if (!(await hasStoredSession())) return 'no-session';
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.getSession();
      if (data.session) return 'signed-in';
      // A refused refresh has already removed the stored session; no answer leaves it for the next try.
      return !error || isRefusal(error.status) ? 'no-session' : 'unreachable';
    } catch (error) {
      console.error('Course: the session could not be read.', error);
      return 'unreachable';
    }
  },

  async signOut() {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signOut();
      return error ? 'failed' : 'signed-out';
    } catch (error) {
      console.error('Course: signing out failed.', error);
      return 'failed';
    }
  },

  onSignedOut(listener) {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    getSupabase().then(
      (supabase) => {
        if (stopped) return;
        const { data } = supabase.auth.onAuthStateChange((event) => {
          if (event === 'SIGNED_OUT') listener();
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      // The page's own calls report a client that did not load; there is nothing to listen to.
      () => undefined,
    );
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  },
};
