import { z } from 'zod/mini';
import { COURSE_PATH } from '@/content/course';
import { getSupabase } from '@/lib/supabase';
import type { CourseBackend, LessonMedia, LinkOutcome, NewLinkOutcome } from '../model/course-backend';
import { LESSON_COLUMNS, type Lesson, lessonSchema } from '../model/lesson';

/** How long a signed lesson address works; the player signs again when one runs out. */
const SIGNED_URL_SECONDS = 60 * 60;

/**
 * supabase-js's auth errors carry the answer's status: 4xx is GoTrue's refusal, 0 (no answer) and 5xx are
 * failures to reach it. They are told apart by status alone, because importing supabase-js's error classes
 * would pull it into the page's first load.
 */
const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/**
 * Spent as type `email`, whatever the link's `type` says: for an address with no user yet, hosted GoTrue's
 * generateLink makes a sign-up token, which `magiclink` would refuse and `email` accepts, as it does a magic link.
 */
async function verifySignInLink(tokenHash: string): Promise<LinkOutcome> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    if (!error) return data.session ? 'signed-in' : 'refused';
    if (error.status === 429) return 'rate-limited';
    return isRefusal(error.status) ? 'refused' : 'unreachable';
  } catch (error) {
    console.error('Course: the sign-in link could not be checked.', error);
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

/** The course page's back end: supabase-js, loaded on first use, with its default (persisted, refreshed) session. */
export const supabaseCourseBackend: CourseBackend = {
  verifySignInLink,
  requestNewLink,
  listLessons,
  signLessonMedia,

  async sessionStatus() {
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
