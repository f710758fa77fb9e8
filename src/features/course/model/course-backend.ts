import type { Lesson } from './lesson';

/** Spending a sign-in link: in, refused (used, expired, unknown), asked to wait (429), or no answer at all. */
export type LinkOutcome = 'signed-in' | 'refused' | 'rate-limited' | 'unreachable';

/** Whether a session is stored (and still refreshable), or that could not be found out. */
type SessionOutcome = 'signed-in' | 'no-session' | 'unreachable';

/** Asking for a new link. `sent` is also the answer for an address that never signed up. */
export type NewLinkOutcome = 'sent' | 'rate-limited' | 'failed';

type SignOutOutcome = 'signed-out' | 'failed';

/** Time-limited addresses of one lesson's files. */
export interface LessonMedia {
  video: string;
  captions: string | null;
  poster: string | null;
}

/**
 * Everything the course page asks of its back end. The real one speaks supabase-js
 * (api/supabase-course-backend.ts); tests hand the components their own.
 */
export interface CourseBackend {
  /** Spends a sign-in link's token; a good one leaves a stored session. */
  verifySignInLink(tokenHash: string): Promise<LinkOutcome>;
  sessionStatus(): Promise<SessionOutcome>;
  requestNewLink(email: string): Promise<NewLinkOutcome>;
  /** The published lessons in order; rejects on any failure, a malformed row included. */
  listLessons(): Promise<Lesson[]>;
  /** Rejects when any of the lesson's files cannot be signed. */
  signLessonMedia(lesson: Lesson): Promise<LessonMedia>;
  signOut(): Promise<SignOutOutcome>;
  /** Calls back whenever the session ends (signed out here or in another tab, refresh refused); returns the unsubscribe. */
  onSignedOut(listener: () => void): () => void;
}
